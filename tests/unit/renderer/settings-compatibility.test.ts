import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createVuetify } from 'vuetify';
import type { CompatibilityResult } from '../../../src-shared/publisher/compatibility';
import type { DeskResult } from '../../../src-shared/result';
import CompatibilityCard from '../../../src-renderer/features/settings/components/CompatibilityCard.vue';
import { createDeskI18n, type Locale } from '../../../src-renderer/plugins/i18n';
import { deskCalls, deskReplies } from './setup';

const RESULT: CompatibilityResult = {
  ok: false,
  steps: [
    { step: 'staffSignIn', outcome: 'answered', code: null, reason: null, findings: [] },
    {
      step: 'getAppointmentById',
      outcome: 'answered',
      code: null,
      reason: null,
      findings: [
        { operation: 'getAppointmentById', field: 'patient.heightCm', kind: 'nullForAbsent', outcome: 'accepted' },
        { operation: 'getAppointmentById', field: 'appointment.publisherExtension', kind: 'unknownField', outcome: 'ignored' },
      ],
    },
    {
      step: 'exams',
      outcome: 'refused',
      code: 'CONTRACT_VIOLATION',
      reason: 'The medical system answered in an unexpected form (exams.0.id).',
      findings: [{ operation: 'config /config/exams', field: 'exams[].id', kind: 'wrongType', outcome: 'refused' }],
    },
    { step: 'rooms', outcome: 'failed', code: 'PUBLISHER_UNREACHABLE', reason: 'did not answer', findings: [] },
  ],
};

function mountCard(locale: Locale) {
  return mount(CompatibilityCard, { global: { plugins: [createPinia(), createDeskI18n(locale), createVuetify()] } });
}

async function fill(wrapper: ReturnType<typeof mountCard>) {
  await wrapper.find('[data-testid="compatibility-login"] input').setValue('accueil');
  await wrapper.find('[data-testid="compatibility-password"] input').setValue('formation');
  await wrapper.find('[data-testid="compatibility-last-name"] input').setValue('Perrin');
  await wrapper.find('[data-testid="compatibility-birth-date"] input').setValue('1972-09-30');
}

describe('settings: compatibility check card', () => {
  beforeEach(() => {
    deskCalls.length = 0;
    deskReplies.clear();
  });

  it('runs with what the technician typed, shows progress meanwhile, then the findings by step in French', async () => {
    let answer!: (result: DeskResult<unknown>) => void;
    // The answer is held back to see the progress indicator (the scripted bridge awaits what a reply returns).
    const pending = new Promise<DeskResult<unknown>>((resolve) => (answer = resolve));
    deskReplies.set('connection/compatibility', () => pending as unknown as DeskResult<unknown>);
    const wrapper = mountCard('fr');
    expect(wrapper.find('[data-testid="compatibility-run"]').attributes('disabled')).toBeDefined();
    await fill(wrapper);
    expect(wrapper.find('[data-testid="compatibility-run"]').attributes('disabled')).toBeUndefined();

    await wrapper.find('form').trigger('submit');
    await flushPromises();
    expect(wrapper.find('[data-testid="compatibility-progress"]').text()).toContain('Vérification en cours');
    answer({ ok: true, value: RESULT });
    await flushPromises();

    expect(deskCalls).toEqual([
      { channel: 'connection/compatibility', request: { login: 'accueil', password: 'formation', lastName: 'Perrin', birthDate: '1972-09-30' } },
    ]);
    expect(wrapper.find('[data-testid="compatibility-progress"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="compatibility-summary"]').text()).toContain('ne sont pas utilisables');
    const byId = wrapper.find('[data-testid="compatibility-step-getAppointmentById"]');
    expect(byId.text()).toContain('Rendez-vous (par identifiant)');
    const findings = byId.findAll('[data-testid="compatibility-finding"]').map((item) => item.text());
    expect(findings).toEqual([
      'envoie null pour patient.heightCm accepté',
      'ajoute des champs que le contrat ne définit pas (appointment.publisherExtension) ignoré',
    ]);
    expect(wrapper.find('[data-testid="compatibility-step-staffSignIn"]').text()).toContain('Conforme au contrat.');
    const exams = wrapper.find('[data-testid="compatibility-step-exams"]');
    expect(exams.attributes('data-outcome')).toBe('refused');
    expect(exams.text()).toContain('envoie exams[].id avec un mauvais type');
    expect(exams.text()).toContain('refusé');
    expect(wrapper.find('[data-testid="compatibility-step-rooms"]').text()).toContain('Le logiciel médical ne répond pas');
  });

  it('speaks English, and shows a refused run in plain words', async () => {
    deskReplies.set('connection/compatibility', () => ({ ok: true, value: RESULT }));
    const wrapper = mountCard('en');
    await fill(wrapper);
    await wrapper.find('form').trigger('submit');
    await flushPromises();
    expect(wrapper.find('[data-testid="compatibility-step-getAppointmentById"]').text()).toContain('sends null for patient.heightCm');
    expect(wrapper.text()).toContain('adds fields the contract does not define (appointment.publisherExtension)');

    deskReplies.set('connection/compatibility', () => ({ ok: false, error: { code: 'BAD_REQUEST', message: 'Invalid request' } }));
    await wrapper.find('form').trigger('submit');
    await flushPromises();
    expect(wrapper.find('[role="alert"]').text()).not.toContain('BAD_REQUEST');
    expect(wrapper.find('[data-testid="compatibility-summary"]').exists()).toBe(false);
  });
});
