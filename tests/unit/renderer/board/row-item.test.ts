import { mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { createVuetify } from 'vuetify';
import { DEFAULT_BOARD_SETTINGS, type BoardRow } from '../../../../src-shared/board/rows';
import BoardRowItem from '../../../../src-renderer/features/board/components/BoardRowItem.vue';
import { createDeskI18n, type Locale } from '../../../../src-renderer/plugins/i18n';
import { row } from './rows';

const NOW = Date.parse('2026-11-23T09:40:00+01:00');

function mountRow(props: Partial<InstanceType<typeof BoardRowItem>['$props']>, locale: Locale = 'fr') {
  return mount(BoardRowItem, {
    props: { row: row({ ticketId: 'i012' }), now: NOW, settings: DEFAULT_BOARD_SETTINGS, selected: false, ...props },
    global: { plugins: [createDeskI18n(locale), createVuetify()] },
  });
}

describe('board row', () => {
  it('colours the wait by the configured thresholds', () => {
    expect(mountRow({}).find('[data-testid="row-wait"]').attributes('data-level')).toBe('red');
    const amber = mountRow({ now: Date.parse('2026-11-23T09:20:00+01:00') });
    expect(amber.find('[data-testid="row-wait"]').text()).toBe('20 min');
    expect(amber.find('[data-testid="row-wait"]').attributes('data-level')).toBe('amber');
    const relaxed = mountRow({ settings: { ...DEFAULT_BOARD_SETTINGS, amberMinutes: 45, redMinutes: 60 } });
    expect(relaxed.find('[data-testid="row-wait"]').attributes('data-level')).toBe('normal');
  });

  it('shows the check-in time in the staff language, hours and minutes', () => {
    for (const locale of ['fr', 'en'] as const) {
      const text = mountRow({ row: row({ ticketId: 'i012', checkedInAt: '2026-11-23T08:05:00+01:00' }) }, locale).find('.board-row__time').text();
      expect(text).toContain(new Date('2026-11-23T08:05:00+01:00').toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }));
    }
  });

  it('writes the time the way the system does when it speaks the interface language: 18:21 in Britain, 06:21 PM in the US', () => {
    const arrived = row({ ticketId: 'i012', checkedInAt: new Date(2026, 10, 23, 18, 21).toISOString() });
    const timeOn = (system: string[], locale: Locale) => {
      const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(system);
      try {
        return mountRow({ row: arrived }, locale).find('.board-row__time').text();
      } finally {
        languages.mockRestore();
      }
    };
    expect(timeOn(['en-GB'], 'en')).toContain('18:21');
    expect(timeOn(['en-GB'], 'en')).not.toMatch(/PM/i);
    expect(timeOn(['en-US'], 'en')).toContain('06:21 PM');
    expect(timeOn(['en-US'], 'fr')).toContain('18:21');
  });

  it('says when the medical system last confirmed the row only once that is older than promised (main sends the time then)', () => {
    const fresh = mountRow({});
    expect(fresh.find('[data-testid="row-confirmed-at"]').exists()).toBe(false);
    const at = new Date(2026, 10, 23, 9, 38, 5).toISOString();
    for (const [locale, words] of [['fr', 'vérifié à 09:38:05'], ['en', 'checked at 09:38:05']] as const) {
      const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue([locale === 'fr' ? 'fr-FR' : 'en-GB']);
      try {
        expect(mountRow({ row: row({ ticketId: 'i012', lastConfirmedAt: at }) }, locale).find('[data-testid="row-confirmed-at"]').text()).toBe(words);
      } finally {
        languages.mockRestore();
      }
    }
  });

  it('offers only the next forward move and a reprint button with a stable name', async () => {
    const waiting = mountRow({});
    const names = waiting.findAll('button').map((button) => button.attributes('aria-label') ?? button.text());
    expect(names).toEqual(['Appeler', 'En examen', 'Réimprimer']);
    await waiting.findAll('button')[1]!.trigger('click');
    expect(waiting.emitted('move')).toEqual([['inCare']]);
    const done = mountRow({ row: row({ ticketId: 'i012', group: 'done', status: 'done' }) }, 'en');
    expect(done.findAll('button').map((button) => button.attributes('aria-label') ?? button.text())).toEqual(['Close', 'Reprint']);
  });

  it('offers on each row exactly the moves its keys make (the keys test holds the same table): no done while waiting, no close while called', () => {
    const moves = (group: BoardRow['group']) =>
      mountRow({ row: row({ ticketId: 'i012', group, status: group === 'waiting' || group === 'called' ? 'checkedIn' : group }) })
        .findAll('button')
        .map((button) => button.attributes('data-move'));
    // Transfer and absent of a called or in-care row are in the target panel (my-patient.test.ts).
    expect(moves('waiting')).toEqual(['call', 'inCare', 'reprint']);
    expect(moves('called')).toEqual(['recall', 'inCare', 'reprint']);
    expect(moves('inCare')).toEqual(['done', 'reprint']);
    expect(moves('done')).toEqual(['close', 'reprint']);
  });

  it('says when the appointment is gone, not verified or pending, and blocks actions on a gone one', () => {
    const gone = mountRow({ row: row({ ticketId: 'i012', verification: 'gone' }) });
    expect(gone.find('[data-testid="row-verification"]').text()).toBe("Ce rendez-vous n'existe plus");
    expect(gone.findAll('button').every((button) => button.attributes('disabled') !== undefined)).toBe(true);
    const offline = mountRow({ row: row({ ticketId: 'i012', verification: 'notVerified', pending: true }) }, 'en');
    expect(offline.find('[data-testid="row-verification"]').text()).toBe('Not verified');
    expect(offline.find('[data-testid="row-pending"]').text()).toBe('Waiting to be sent');
  });

  it('says that a done or close waits for its Undo, and nothing else while none does', () => {
    const held = mountRow({ row: row({ ticketId: 'i012', group: 'inCare', status: 'inCare' }), held: 'done' });
    expect(held.find('[data-testid="row-held"]').text()).toBe('«\u00a0Terminé\u00a0» dans un instant');
    expect(held.attributes('data-held')).toBe('done');
    expect(mountRow({ held: 'closed' }, 'en').find('[data-testid="row-held"]').text()).toBe('“Close” in a moment');
    expect(mountRow({ held: null }).find('[data-testid="row-held"]').exists()).toBe(false);
  });

  it('colours only the wait: a called row says since when and how many calls, in care its time in care, done the whole visit', () => {
    const at = (time: string) => `2026-11-23T${time}:00+01:00`;
    const time = (over: Parameters<typeof row>[0], locale: Locale = 'fr') => mountRow({ row: row(over) }, locale).find('[data-testid="row-wait"]');
    const called = time({ ticketId: 'i012', group: 'called', lastCall: { deskId: 1, deskLabel: 'Accueil 1', at: at('09:37') }, calls: 2 });
    expect(called.text()).toBe('appel il y a 3 min (2 appels)');
    expect(called.attributes('data-level')).toBeUndefined();
    const once = time({ ticketId: 'i012', group: 'called', lastCall: { deskId: 1, deskLabel: 'Accueil 1', at: at('09:39') }, calls: 1 }, 'en');
    expect(once.text()).toBe('called 1 min ago (1 call)');
    // Arrived 40 min ago, far past the red threshold: in care and done are not waits.
    const inCare = time({ ticketId: 'i012', group: 'inCare', status: 'inCare', inCareAt: at('09:28') });
    expect(inCare.text()).toBe('en examen depuis 12 min');
    expect(inCare.attributes('data-level')).toBeUndefined();
    const done = time({ ticketId: 'i012', group: 'done', status: 'done', doneAt: at('09:35') });
    expect(done.text()).toBe('visite\u00a0: 35 min');
    expect(done.attributes('data-level')).toBeUndefined();
    expect(time({ ticketId: 'i012', group: 'done', status: 'done' }, 'en').text()).toBe('visit over');
  });
  it('shows the appointment time above the arrival, marked early, on time or late in words by the board settings', () => {
    const at = (time: string) => new Date(`2026-11-23T${time}:00+01:00`).toISOString();
    const arrival = (startDate: string, locale: Locale = 'fr', settings = DEFAULT_BOARD_SETTINGS) => {
      const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue([locale === 'fr' ? 'fr-FR' : 'en-GB']);
      try {
        return mountRow({ row: row({ ticketId: 'i012', checkedInAt: at('09:00'), startDate }), settings }, locale).find('[data-testid="row-arrival"]');
      } finally {
        languages.mockRestore();
      }
    };
    const time = (iso: string) => new Date(iso).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });
    // Arrived at 09:00 for 10:45: 1 h 45 early, beyond the default 30 min.
    const early = arrival(at('10:45'));
    expect(early.text()).toContain(`rdv ${time(at('10:45'))}`);
    expect(early.text()).toContain(`arrivée : ${time(at('09:00'))}`);
    const mark = early.find('[data-testid="punctuality-mark"]');
    expect(mark.attributes('data-punctuality')).toBe('early');
    // The word, not only a colour, and the whole sentence for a screen reader.
    expect(mark.text()).toBe(`En avance. Arrivée 1 h 45 avant le rendez-vous de ${time(at('10:45'))}`);
    expect(arrival(at('08:45'), 'en').find('[data-testid="punctuality-mark"]').text()).toBe(`Late. Arrived 15 min after the ${time(at('08:45'))} appointment`);
    // 5 min late is within the default 10 min; with a 2 min margin it is late.
    expect(arrival(at('08:55')).find('[data-testid="punctuality-mark"]').attributes('data-punctuality')).toBe('onTime');
    expect(arrival(at('08:55'), 'fr', { ...DEFAULT_BOARD_SETTINGS, lateMinutes: 2 }).find('[data-testid="punctuality-mark"]').attributes('data-punctuality')).toBe('late');
    // A ticket without appointment time: the arrival alone, no mark.
    const none = mountRow({ row: row({ ticketId: 'i012', startDate: null }) }).find('[data-testid="row-arrival"]');
    expect(none.find('[data-testid="punctuality-mark"]').exists()).toBe(false);
    expect(none.text()).not.toContain('rdv');
  });

  it('asks the system which regional formats it knows once, not again for every row drawn (it held the board’s first frame)', () => {
    const asked = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CH']);
    try {
      const times = Array.from({ length: 20 }, (_, i) =>
        mountRow({ row: row({ ticketId: `i${i}`, checkedInAt: new Date(2026, 10, 23, 8, i).toISOString() }) }).find('.board-row__time').text(),
      );
      expect(times[5]).toContain('08:05');
      expect(asked.mock.calls.filter(([tags]) => String(tags) === 'fr-CH').length).toBeLessThanOrEqual(1);
    } finally {
      languages.mockRestore();
      asked.mockRestore();
    }
  });
});
