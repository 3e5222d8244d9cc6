import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createVuetify } from 'vuetify';
import AbsentList from '../../../../src-renderer/features/board/components/AbsentList.vue';
import { createDeskI18n, type Locale } from '../../../../src-renderer/plugins/i18n';

/** Every count of calls the board shows: zero and one are singular in French, only one in English. */
describe('counts of calls', () => {
  it('reads a called row\'s calls right: « 0 appel », « 1 appel », « 2 appels » / "0 calls", "1 call", "2 calls"', () => {
    const say = (locale: Locale, n: number) => {
      const { t } = createDeskI18n(locale).global;
      return t('board.times.called', { minutes: 3, calls: t('board.times.calls', n) });
    };
    expect([0, 1, 2].map((n) => say('fr', n))).toEqual(['appel il y a 3 min (0 appel)', 'appel il y a 3 min (1 appel)', 'appel il y a 3 min (2 appels)']);
    expect([0, 1, 2].map((n) => say('en', n))).toEqual(['called 3 min ago (0 calls)', 'called 3 min ago (1 call)', 'called 3 min ago (2 calls)']);
  });

  it.each([
    ['fr', ['Accueil 2 · 0 appel', 'Accueil 2 · 1 appel', 'Accueil 2 · 2 appels']],
    ['en', ['Accueil 2 · 0 calls', 'Accueil 2 · 1 call', 'Accueil 2 · 2 calls']],
  ] as const)('the absent list counts each patient\'s calls right in %s', (locale, expected) => {
    const absent = [0, 1, 2].map((calls) => ({
      ticketId: `t${calls}`,
      formattedNumber: `I00${calls}`,
      patientDisplayName: null,
      calls,
      deskLabel: 'Accueil 2',
      at: '2026-11-23T09:00:00+01:00',
    }));
    const wrapper = mount(AbsentList, { props: { absent, busy: false }, global: { plugins: [createDeskI18n(locale), createVuetify()] } });
    const subtitles = wrapper.findAll('.v-list-item-subtitle').map((node) => node.text());
    expect(subtitles).toEqual(expected);
    wrapper.unmount();
  });
});
