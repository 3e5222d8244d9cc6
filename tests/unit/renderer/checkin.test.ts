import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createVuetify } from 'vuetify';
import type { CheckinPatient, CheckinResult } from '../../../src-shared/ipc/features/checkin.contract';
import { REVERIFY_EVERY_MS, REVERIFY_FOR_MS } from '../../../src-renderer/features/checkin/stores/checkin';
import CheckinView from '../../../src-renderer/features/checkin/views/CheckinView.vue';
import { createDeskI18n, type Locale } from '../../../src-renderer/plugins/i18n';
import { createDeskRouter } from '../../../src-renderer/router';
import { deskCalls, deskReplies } from './setup';

const patient: CheckinPatient = {
  id: 'P1',
  displayName: 'Léa Garnier-Vidal',
  birthDate: '1985-04-12',
  appointments: [
    { id: 'A1', startDate: '2026-11-23T10:00:00+01:00', status: 'scheduled', examLabel: 'IRM du genou', examTypeId: 'IRM', locationId: '1', locationLabel: null, practitionerLabel: null, roomLabel: 'IRM 1', ticketNumberFormatted: null, eligible: true, receptionUndone: false, checkedInAt: null },
    { id: 'A2', startDate: '2026-11-23T10:40:00+01:00', status: 'scheduled', examLabel: 'Scanner thoracique', examTypeId: 'SCAN', locationId: '1', locationLabel: null, practitionerLabel: null, roomLabel: null, ticketNumberFormatted: null, eligible: true, receptionUndone: false, checkedInAt: null },
    { id: 'A3', startDate: '2026-11-23T08:00:00+01:00', status: 'done', examLabel: 'Radio', examTypeId: 'RADIO', locationId: '1', locationLabel: null, practitionerLabel: null, roomLabel: null, ticketNumberFormatted: 'R001', eligible: false, receptionUndone: false, checkedInAt: null },
  ],
};
const notPrinted: CheckinResult = {
  formattedNumber: 'I007',
  numberedBy: 'platform',
  mainAppointmentId: 'A1',
  checkedIn: ['A1', 'A2'],
  notCheckedIn: [],
  print: { printed: false, code: 'PRINTER_UNAVAILABLE' },
  readiness: { publisher: { ready: true, reason: null }, platform: { enabled: true, excludedAnomalyCodes: [] } },
};

async function mountCheckin(locale: Locale) {
  const pinia = createPinia();
  const router = createDeskRouter(pinia);
  await router.push('/check-in');
  const wrapper = mount(CheckinView, { global: { plugins: [pinia, createDeskI18n(locale), createVuetify(), router] }, attachTo: document.body });
  return wrapper;
}

async function searchLea(wrapper: Awaited<ReturnType<typeof mountCheckin>>) {
  await wrapper.find('[data-testid="checkin-last-name"] input').setValue('Garnier');
  await wrapper.find('[data-testid="checkin-birth-date"] input').setValue('1985-04-12');
  await wrapper.find('[data-testid="checkin-search"]').trigger('submit');
  await flushPromises();
}

/** Garnier searched with the birth date typed as given: the pattern the field showed, and what was asked. */
async function searchTyped(locale: Locale, typed: string) {
  deskCalls.length = 0;
  const wrapper = await mountCheckin(locale);
  const field = wrapper.find('[data-testid="checkin-birth-date"] input');
  const placeholder = field.attributes('placeholder');
  await wrapper.find('[data-testid="checkin-last-name"] input').setValue('Garnier');
  await field.setValue(typed);
  await wrapper.find('[data-testid="checkin-search"]').trigger('submit');
  await flushPromises();
  const request = deskCalls.find((call) => call.channel === 'checkin/search')?.request;
  wrapper.unmount();
  return { placeholder, request };
}

/** Léa as the medical system shows her after an undo: arrival still recorded. */
const stillArrived: CheckinPatient = {
  ...patient,
  appointments: patient.appointments.map((item) => ({ ...item, status: 'checkedIn', eligible: false, receptionUndone: true })),
};

/** Checked in then undone, with the test's clock from the undo on (the caller restores real timers). */
async function undoneOnFakeTime(locale: Locale) {
  const wrapper = await mountCheckin(locale);
  await searchLea(wrapper);
  await wrapper.find('[data-testid="checkin-confirm"]').trigger('click');
  await flushPromises();
  vi.useFakeTimers();
  await wrapper.find('[data-testid="checkin-undo"]').trigger('click');
  await flushPromises();
  (document.querySelector('[data-testid="checkin-undo-confirm"]') as HTMLElement).click();
  await flushPromises();
  return wrapper;
}

describe('desk check-in screen', () => {
  beforeEach(() => {
    deskCalls.length = 0;
    deskReplies.clear();
    deskReplies.set('staff/session', () => ({ ok: true, value: { displayName: 'Élodie Mercier', email: 'e@x.example', offices: [], signedInAt: '2026-11-23T08:00:00.000Z' } }));
    deskReplies.set('checkin/search', () => ({ ok: true, value: { patients: [patient] } }));
    deskReplies.set('checkin/readiness', () => ({ ok: true, value: { publisher: { ready: false, reason: 'notificationNotConfigured' }, platform: { enabled: true, excludedAnomalyCodes: [] } } }));
    deskReplies.set('checkin/checkIn', () => ({ ok: true, value: notPrinted }));
    deskReplies.set('checkin/undo', () => ({ ok: true, value: { cancelled: 1 } }));
  });

  it('asks for name and birth date or the social security number before searching', async () => {
    const wrapper = await mountCheckin('fr');
    await wrapper.find('[data-testid="checkin-last-name"] input').setValue('Garnier');
    await wrapper.find('[data-testid="checkin-search"]').trigger('submit');
    expect(wrapper.find('[data-testid="checkin-search-needed"]').text()).toBe('Saisissez aussi la date de naissance, ou le numéro de sécurité sociale.');
    expect(deskCalls.some((call) => call.channel === 'checkin/search')).toBe(false);
    wrapper.unmount();
  });

  it('takes the birth date the way the language writes it (French on any system, English in the system’s order) and says when it is no date', async () => {
    const cousin: CheckinPatient = { ...patient, id: 'P2', displayName: 'Léo Garnier', birthDate: '1990-11-03' };
    deskReplies.set('checkin/search', () => ({ ok: true, value: { patients: [patient, cousin] } }));
    const french = await mountCheckin('fr');
    const field = french.find('[data-testid="checkin-birth-date"] input');
    expect(field.attributes('placeholder')).toBe('JJ/MM/AAAA');
    await french.find('[data-testid="checkin-last-name"] input').setValue('Garnier');
    await field.setValue('31/02/1985');
    await field.trigger('blur');
    expect(french.find('[data-testid="checkin-birth-date"]').text()).toContain('Date incomplète ou impossible\u00a0: tapez JJ/MM/AAAA');
    await french.find('[data-testid="checkin-search"]').trigger('submit');
    expect(deskCalls.some((call) => call.channel === 'checkin/search')).toBe(false);
    await field.setValue('12/04/1985');
    await french.find('[data-testid="checkin-search"]').trigger('submit');
    await flushPromises();
    expect(deskCalls.find((call) => call.channel === 'checkin/search')?.request).toEqual({ lastName: 'Garnier', birthDate: '1985-04-12' });
    expect(french.find('[data-testid="checkin-patients"]').text()).toContain('Léo Garnier · 03/11/1990');
    french.unmount();

    expect(await searchTyped('en', '04/12/1985')).toEqual({ placeholder: 'MM/DD/YYYY', request: { lastName: 'Garnier', birthDate: '1985-04-12' } });
    // English on a British system: the day comes first, as everywhere else on that computer.
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    try {
      expect(await searchTyped('en', '12/04/1985')).toEqual({ placeholder: 'DD/MM/YYYY', request: { lastName: 'Garnier', birthDate: '1985-04-12' } });
    } finally {
      languages.mockRestore();
    }
  });

  it('proposes the eligible appointments together, shows readiness, and says the ticket was not printed with its number', async () => {
    const wrapper = await mountCheckin('fr');
    await searchLea(wrapper);
    expect(deskCalls.find((call) => call.channel === 'checkin/search')?.request).toEqual({ lastName: 'Garnier', birthDate: '1985-04-12' });
    expect(wrapper.find('[data-testid="checkin-readiness"]').text()).toContain('Dossier incomplet');
    expect(wrapper.find('[data-testid="checkin-confirm"]').text()).toContain("Enregistrer l'arrivée (2 rendez-vous)");
    expect((wrapper.find('[data-testid="checkin-appointment-A3"] input').element as HTMLInputElement).disabled).toBe(true);
    await wrapper.find('[data-testid="checkin-confirm"]').trigger('click');
    await flushPromises();
    expect(deskCalls.find((call) => call.channel === 'checkin/checkIn')?.request).toEqual({ appointmentIds: ['A1', 'A2'] });
    expect(wrapper.find('[data-testid="checkin-ticket-number"]').text()).toBe('I007');
    expect(wrapper.find('[data-testid="checkin-print"]').text()).toContain("Le ticket n'a pas été imprimé\u00a0: donnez le numéro au patient.");
    expect(wrapper.text()).not.toContain('PRINTER_UNAVAILABLE');
    wrapper.unmount();
  });

  it('says the teams are being asked in the place the answer takes, so the button does not move under the pointer; a failed question says it is not known', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const asked = new Promise((resolve) => (answer = resolve));
    deskReplies.set('checkin/readiness', () => asked as unknown as ReturnType<NonNullable<ReturnType<typeof deskReplies.get>>>);
    const wrapper = await mountCheckin('fr');
    await searchLea(wrapper);
    const slot = () => wrapper.find('[data-testid="checkin-readiness"]');
    expect(slot().text()).toBe('Les équipes seront-elles prévenues\u00a0? Vérification…');
    answer({ ok: true, value: { publisher: { ready: true, reason: null }, platform: { enabled: true, excludedAnomalyCodes: [] } } });
    await flushPromises();
    expect(slot().text()).toBe("Les équipes seront prévenues de l'arrivée.");
    deskReplies.set('checkin/readiness', () => ({ ok: false, error: { code: 'PUBLISHER_UNREACHABLE', message: 'down' } }));
    await wrapper.find('[data-testid="checkin-appointment-A2"] input').setValue(false);
    await flushPromises();
    expect(slot().text()).toBe('Impossible de savoir si les équipes seront prévenues\u00a0: vérifiez avec elles.');
    wrapper.unmount();
  });

  it('undoes the reception only after confirmation, in English too', async () => {
    const wrapper = await mountCheckin('en');
    await searchLea(wrapper);
    await wrapper.find('[data-testid="checkin-confirm"]').trigger('click');
    await flushPromises();
    await wrapper.find('[data-testid="checkin-undo"]').trigger('click');
    await flushPromises();
    expect(document.body.textContent).toContain('Ticket I007 will be cancelled and leave the call board.');
    expect(deskCalls.some((call) => call.channel === 'checkin/undo')).toBe(false);
    (document.querySelector('[data-testid="checkin-undo-confirm"]') as HTMLElement).click();
    await flushPromises();
    expect(deskCalls.find((call) => call.channel === 'checkin/undo')?.request).toEqual({ mainAppointmentId: 'A1' });
    expect(wrapper.find('[data-testid="checkin-undone"]').text()).toContain('Check-in undone: ticket I007 is cancelled and has left the call board.');
    expect(wrapper.find('[data-testid="checkin-still-recorded"]').text()).toBe(
      'The medical system still records the arrival: cancel the arrival in the medical system, then check the patient in again.',
    );
    wrapper.unmount();
  });

  it('after an undo, offers check-in again only once the medical system has reverted the arrival', async () => {
    const stillArrived: CheckinPatient = {
      ...patient,
      appointments: patient.appointments.map((item) => (item.id === 'A3' ? item : { ...item, status: 'checkedIn', eligible: false, receptionUndone: true, ticketNumberFormatted: 'I007' })),
    };
    let answer = stillArrived;
    deskReplies.set('checkin/reverify', () => ({ ok: true, value: { patients: [answer] } }));
    const wrapper = await mountCheckin('fr');
    await searchLea(wrapper);
    await wrapper.find('[data-testid="checkin-confirm"]').trigger('click');
    await flushPromises();
    await wrapper.find('[data-testid="checkin-undo"]').trigger('click');
    await flushPromises();
    (document.querySelector('[data-testid="checkin-undo-confirm"]') as HTMLElement).click();
    await flushPromises();
    expect(wrapper.find('[data-testid="checkin-still-recorded"]').text()).toBe(
      "Le logiciel médical enregistre toujours l'arrivée\u00a0: annulez l'arrivée dans le logiciel médical, puis enregistrez à nouveau l'arrivée du patient.",
    );
    await wrapper.find('[data-testid="checkin-reverify"]').trigger('click');
    await flushPromises();
    expect(deskCalls.filter((call) => call.channel === 'checkin/reverify').at(-1)?.request).toEqual({ appointmentId: 'A1' });
    expect(wrapper.find('[data-testid="checkin-again"]').exists()).toBe(false);

    answer = patient;
    await wrapper.find('[data-testid="checkin-reverify"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="checkin-reverted"]').text()).toContain("L'arrivée a été annulée dans le logiciel médical");
    await wrapper.find('[data-testid="checkin-again"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="checkin-confirm"]').text()).toContain("Enregistrer l'arrivée (2 rendez-vous)");
    wrapper.unmount();
  });

  it('after an undo, reads the appointment again by itself and offers check-in again once the medical system reverted it', async () => {
    let reverted = false;
    deskReplies.set('checkin/reverify', () => ({ ok: true, value: { patients: [reverted ? patient : stillArrived] } }));
    const wrapper = await undoneOnFakeTime('en');
    try {
      await vi.advanceTimersByTimeAsync(REVERIFY_EVERY_MS);
      await flushPromises();
      const readings = () => deskCalls.filter((call) => call.channel === 'checkin/reverify').length;
      expect(readings()).toBe(1);
      expect(wrapper.find('[data-testid="checkin-again"]').exists()).toBe(false);
      reverted = true;
      await vi.advanceTimersByTimeAsync(REVERIFY_EVERY_MS);
      await flushPromises();
      expect(wrapper.find('[data-testid="checkin-reverted"]').text()).toContain('The arrival was cancelled in the medical system');
      expect(wrapper.find('[data-testid="checkin-again"]').exists()).toBe(true);
      // Once offered, the desk stops asking.
      await vi.advanceTimersByTimeAsync(REVERIFY_EVERY_MS * 3);
      expect(readings()).toBe(2);
    } finally {
      vi.useRealTimers();
      wrapper.unmount();
    }
  });

  it('stops reading by itself after a while, and while another screen is shown', async () => {
    deskReplies.set('checkin/reverify', () => ({ ok: true, value: { patients: [stillArrived] } }));
    const wrapper = await undoneOnFakeTime('fr');
    try {
      const readings = () => deskCalls.filter((call) => call.channel === 'checkin/reverify').length;
      await vi.advanceTimersByTimeAsync(REVERIFY_FOR_MS + REVERIFY_EVERY_MS * 5);
      const atTheEnd = readings();
      expect(atTheEnd).toBeGreaterThan(100);
      expect(atTheEnd).toBeLessThanOrEqual(REVERIFY_FOR_MS / REVERIFY_EVERY_MS + 1);
      await vi.advanceTimersByTimeAsync(REVERIFY_EVERY_MS * 10);
      expect(readings()).toBe(atTheEnd);
      // "Vérifier maintenant" still reads on demand.
      await wrapper.find('[data-testid="checkin-reverify"]').trigger('click');
      await flushPromises();
      expect(readings()).toBe(atTheEnd + 1);
      // Leaving the screen: no reading goes on behind it.
      wrapper.unmount();
      const left = readings();
      await vi.advanceTimersByTimeAsync(REVERIFY_EVERY_MS * 10);
      expect(readings()).toBe(left);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a search after an undo says the ticket is cancelled and the arrival still recorded, never "already checked in"', async () => {
    const undoneHere: CheckinPatient = {
      ...patient,
      appointments: [{ ...patient.appointments[0]!, status: 'checkedIn', eligible: false, receptionUndone: true, ticketNumberFormatted: 'I007' }],
    };
    deskReplies.set('checkin/search', () => ({ ok: true, value: { patients: [undoneHere] } }));
    const wrapper = await mountCheckin('en');
    await searchLea(wrapper);
    const row = wrapper.find('[data-testid="checkin-appointment-A1"]').text();
    expect(row).toContain('Ticket cancelled, arrival still recorded in the medical system');
    expect(row).not.toContain('Already checked in');
    expect(row).not.toContain('I007');
    expect(wrapper.find('[data-testid="checkin-undone-advice"]').text()).toContain('cancel the arrival in the medical system');
    wrapper.unmount();
  });

  it('a patient already checked in is no dead end: when and which ticket, a reprint, the board with that row, and no button that cannot be pressed', async () => {
    // 09:12 on the desk's clock, whatever zone the test runs in.
    const arrivedAt = new Date(2026, 10, 23, 9, 12).toISOString();
    const hugo: CheckinPatient = {
      id: 'P2',
      displayName: 'Hugo Perrin',
      birthDate: '1972-09-30',
      appointments: [
        { ...patient.appointments[0]!, id: 'B1', status: 'checkedIn', eligible: false, ticketNumberFormatted: 'I006', checkedInAt: arrivedAt },
        // A journey's second appointment shares the ticket: told once.
        { ...patient.appointments[1]!, id: 'B2', status: 'checkedIn', eligible: false, ticketNumberFormatted: 'I006', checkedInAt: null },
      ],
    };
    deskReplies.set('checkin/search', () => ({ ok: true, value: { patients: [hugo] } }));
    deskReplies.set('printing/reprint', () => ({ ok: true, value: { outcome: 'printed', jobId: 'j1' } }));
    const pinia = createPinia();
    const router = createDeskRouter(pinia);
    await router.push('/check-in');
    const wrapper = mount(CheckinView, { global: { plugins: [pinia, createDeskI18n('fr'), createVuetify(), router] }, attachTo: document.body });
    await searchLea(wrapper);

    const recorded = wrapper.findAll('[data-testid="checkin-recorded-text"]');
    expect(recorded.map((line) => line.text())).toEqual(['Déjà enregistré à 09:12, ticket I006']);
    // Nothing left to check in: no disabled "Enregistrer l'arrivée (0 rendez-vous)", no "choose one".
    expect(wrapper.find('[data-testid="checkin-confirm"]').exists()).toBe(false);
    expect(wrapper.text()).not.toContain('Choisissez au moins un rendez-vous');

    await wrapper.find('[data-testid="checkin-recorded-reprint"]').trigger('click');
    await flushPromises();
    expect(deskCalls.find((call) => call.channel === 'printing/reprint')?.request).toEqual({ contractAppointmentId: 'B1' });
    expect(wrapper.find('[data-testid="checkin-recorded-printed"]').text()).toBe('Ticket imprimé.');

    await wrapper.find('[data-testid="checkin-recorded-board"]').trigger('click');
    // The board's page loads on demand before the route changes.
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/board'), { timeout: 10_000 });
    expect(router.currentRoute.value.query).toEqual({ appointment: 'B1', ticket: 'I006' });
    wrapper.unmount();
  });

  it('says in English when the arrival time is not known, and that nothing is left when every appointment is over', async () => {
    const over: CheckinPatient = {
      ...patient,
      appointments: [
        { ...patient.appointments[0]!, status: 'inCare', eligible: false, ticketNumberFormatted: 'I006', checkedInAt: null },
      ],
    };
    deskReplies.set('checkin/search', () => ({ ok: true, value: { patients: [over] } }));
    const wrapper = await mountCheckin('en');
    await searchLea(wrapper);
    expect(wrapper.find('[data-testid="checkin-recorded-text"]').text()).toBe('Already checked in, ticket I006');
    expect(wrapper.find('[data-testid="checkin-recorded-reprint"]').text()).toBe('Reprint the ticket');
    expect(wrapper.find('[data-testid="checkin-recorded-board"]').text()).toBe('See on the board');
    wrapper.unmount();

    const closed: CheckinPatient = { ...patient, appointments: [{ ...patient.appointments[0]!, status: 'closed', eligible: false, ticketNumberFormatted: 'I006' }] };
    deskReplies.set('checkin/search', () => ({ ok: true, value: { patients: [closed] } }));
    const after = await mountCheckin('fr');
    await searchLea(after);
    expect(after.find('[data-testid="checkin-confirm"]').exists()).toBe(false);
    expect(after.find('[data-testid="checkin-nothing-left"]').text()).toBe("Aucun rendez-vous à enregistrer pour ce patient aujourd'hui.");
    after.unmount();
  });

  it('shows a refusal in plain words', async () => {
    deskReplies.set('checkin/checkIn', () => ({ ok: false, error: { code: 'CHECKIN_NOT_ELIGIBLE', message: 'x' } }));
    const wrapper = await mountCheckin('fr');
    await searchLea(wrapper);
    await wrapper.find('[data-testid="checkin-confirm"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="checkin-error"]').text()).toContain('Ce rendez-vous ne peut pas être enregistré');
    wrapper.unmount();
  });
});

describe('check-in messages: each names its own cause and goes with it', () => {
  beforeEach(() => {
    deskCalls.length = 0;
    deskReplies.clear();
    deskReplies.set('checkin/search', () => ({ ok: true, value: { patients: [patient] } }));
    deskReplies.set('checkin/byCode', () => ({ ok: true, value: { patients: [patient] } }));
    deskReplies.set('staff/session', () => ({ ok: true, value: { displayName: 'Élodie Mercier', email: 'e@x.example', offices: [], signedInAt: '2026-11-23T08:00:00.000Z' } }));
    deskReplies.set('checkin/readiness', () => ({ ok: true, value: { publisher: { ready: true, reason: null }, platform: { enabled: true, excludedAnomalyCodes: [] } } }));
  });

  type Wrapper = Awaited<ReturnType<typeof mountCheckin>>;
  const field = (wrapper: Wrapper, id: string) => wrapper.find(`[data-testid="${id}"] input`);
  const message = (wrapper: Wrapper) => wrapper.find('[data-testid="checkin-search-needed"]');
  const searched = () => deskCalls.filter((call) => call.channel === 'checkin/search').map((call) => call.request);
  async function submit(wrapper: Wrapper): Promise<void> {
    await wrapper.find('[data-testid="checkin-search"]').trigger('submit');
    await flushPromises();
  }

  it('nothing typed: asks for name and birth date or the number, then for what is still missing, and goes once both are there', async () => {
    const wrapper = await mountCheckin('fr');
    await submit(wrapper);
    expect(message(wrapper).text()).toBe('Saisissez le nom et la date de naissance, ou le numéro de sécurité sociale.');
    await field(wrapper, 'checkin-last-name').setValue('Garnier');
    expect(message(wrapper).text()).toBe('Saisissez aussi la date de naissance, ou le numéro de sécurité sociale.');
    await field(wrapper, 'checkin-birth-date').setValue('12/04/1985');
    expect(message(wrapper).exists()).toBe(false);
    expect(searched()).toEqual([]);
    wrapper.unmount();
  });

  it('a birth date without a name asks for the name (English)', async () => {
    const wrapper = await mountCheckin('en');
    await field(wrapper, 'checkin-birth-date').setValue('1985-04-12');
    await submit(wrapper);
    expect(message(wrapper).text()).toBe('Enter the last name too, or the social security number.');
    wrapper.unmount();
  });

  it('a 200-character name says the maximum length, not that a field is missing; shortened, it searches', async () => {
    const wrapper = await mountCheckin('fr');
    await field(wrapper, 'checkin-last-name').setValue('G'.repeat(200));
    await field(wrapper, 'checkin-birth-date').setValue('12/04/1985');
    await submit(wrapper);
    expect(message(wrapper).text()).toBe('Nom trop long\u00a0: 128 caractères au plus (200 saisis).');
    expect(message(wrapper).text()).not.toContain('Saisissez');
    expect(searched()).toEqual([]);
    await field(wrapper, 'checkin-last-name').setValue('Garnier');
    expect(message(wrapper).exists()).toBe(false);
    await submit(wrapper);
    expect(searched()).toEqual([{ lastName: 'Garnier', birthDate: '1985-04-12' }]);
    wrapper.unmount();
  });

  it('a first name too long says so (English)', async () => {
    const wrapper = await mountCheckin('en');
    await field(wrapper, 'checkin-last-name').setValue('Garnier');
    await field(wrapper, 'checkin-first-name').setValue('L'.repeat(130));
    await field(wrapper, 'checkin-birth-date').setValue('04/12/1985');
    await submit(wrapper);
    expect(message(wrapper).text()).toBe('First name too long: 128 characters at most (130 typed).');
    wrapper.unmount();
  });

  it('a social security number of the wrong shape says 13 digits and a 2-digit key, never the spelling or the birth date; spaces are fine', async () => {
    const wrapper = await mountCheckin('fr');
    await field(wrapper, 'checkin-ssn').setValue('2850469123');
    await submit(wrapper);
    expect(message(wrapper).text()).toBe('Numéro de sécurité sociale\u00a0: 13 chiffres puis la clé de 2 chiffres (15 en tout, espaces permis).');
    expect(message(wrapper).text()).not.toMatch(/orthographe|date de naissance/);
    expect(searched()).toEqual([]);
    await field(wrapper, 'checkin-ssn').setValue('2 85 04 69 123 456 78');
    expect(message(wrapper).exists()).toBe(false);
    await submit(wrapper);
    expect(searched()).toEqual([{ socialSecurityId: '285046912345678' }]);
    wrapper.unmount();
  });

  it('nobody found by number says to check the number, not the spelling; editing the search takes the answer away', async () => {
    deskReplies.set('checkin/search', () => ({ ok: true, value: { patients: [] } }));
    const wrapper = await mountCheckin('fr');
    await field(wrapper, 'checkin-ssn').setValue('285046912345678');
    await submit(wrapper);
    const none = () => wrapper.find('[data-testid="checkin-no-patient"]');
    expect(none().text()).toBe('Aucun patient avec ce numéro de sécurité sociale. Vérifiez ses 15 chiffres, ou recherchez par nom et date de naissance.');
    await field(wrapper, 'checkin-ssn').setValue('');
    expect(none().exists()).toBe(false);
    await field(wrapper, 'checkin-last-name').setValue('Garnier');
    await field(wrapper, 'checkin-birth-date').setValue('12/04/1985');
    await submit(wrapper);
    expect(none().text()).toBe('Aucun patient trouvé. Vérifiez l\'orthographe et la date de naissance.');
    wrapper.unmount();
  });

  it('a scanned convocation takes away what the search form said before', async () => {
    const wrapper = await mountCheckin('fr');
    await submit(wrapper);
    expect(message(wrapper).exists()).toBe(true);
    await wrapper.vm.$router.push({ path: '/check-in', query: { code: 'CV-ACCUEIL-01' } });
    await vi.waitFor(() => expect(deskCalls.some((call) => call.channel === 'checkin/byCode')).toBe(true));
    await flushPromises();
    expect(wrapper.find('[data-testid="checkin-appointment-A1"]').exists()).toBe(true);
    expect(message(wrapper).exists()).toBe(false);
    wrapper.unmount();
  });

  it('a refused check-in is no longer said once another patient is chosen', async () => {
    const cousin: CheckinPatient = { ...patient, id: 'P2', displayName: 'Léo Garnier', birthDate: '1990-11-03' };
    deskReplies.set('checkin/search', () => ({ ok: true, value: { patients: [patient, cousin] } }));
    deskReplies.set('checkin/checkIn', () => ({ ok: false, error: { code: 'CHECKIN_NOT_ELIGIBLE', message: 'x' } }));
    const wrapper = await mountCheckin('fr');
    await searchLea(wrapper);
    const [lea, leo] = wrapper.findAll('[data-testid="checkin-patients"] .v-list-item');
    await lea!.trigger('click');
    await wrapper.find('[data-testid="checkin-confirm"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="checkin-error"]').exists()).toBe(true);
    await leo!.trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="checkin-error"]').exists()).toBe(false);
    wrapper.unmount();
  });

  for (const [locale, label] of [
    ['fr', 'Effacer la recherche'],
    ['en', 'Clear search'],
  ] as const) {
    it(`the button that empties the search says so (${locale}) and does only that`, async () => {
      const wrapper = await mountCheckin(locale);
      const clear = wrapper.find('[data-testid="checkin-clear"]');
      expect(clear.text()).toBe(label);
      expect(clear.text()).not.toMatch(/patient/i);
      await searchLea(wrapper);
      await clear.trigger('click');
      await flushPromises();
      expect((field(wrapper, 'checkin-last-name').element as HTMLInputElement).value).toBe('');
      expect(wrapper.find('[data-testid="checkin-patients"]').exists()).toBe(false);
      expect(wrapper.find('[data-testid="checkin-appointment-A1"]').exists()).toBe(false);
      expect(deskCalls.filter((call) => call.channel.startsWith('checkin/') && !['checkin/search', 'checkin/readiness'].includes(call.channel))).toEqual([]);
      wrapper.unmount();
    });
  }
});
