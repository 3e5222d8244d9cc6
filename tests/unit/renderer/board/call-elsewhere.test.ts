import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createVuetify } from 'vuetify';
import CallElsewhereDialog from '../../../../src-renderer/features/board/components/CallElsewhereDialog.vue';
import { createDeskI18n } from '../../../../src-renderer/plugins/i18n';

describe('calling a patient another desk has called', () => {
  for (const [language, question, confirm] of [
    ['fr', 'Accueil 2 a appelé ce patient\u00a0: l’appeler ici quand même\u00a0?', 'Appeler ici quand même'],
    ['en', 'Accueil 2 has called this patient: call them here anyway?', 'Call here anyway'],
  ] as const) {
    it(`asks first, naming the other desk (${language}), and answers with the choice`, async () => {
      const wrapper = mount(CallElsewhereDialog, {
        props: { ticket: 'I004', desk: 'Accueil 2' },
        global: { plugins: [createDeskI18n(language), createVuetify()] },
        attachTo: document.body,
      });
      const dialog = document.querySelector('[data-testid="call-elsewhere"]')!;
      expect(dialog.textContent).toContain('I004');
      expect(dialog.textContent).toContain(question);
      const confirmButton = document.querySelector<HTMLElement>('[data-testid="call-elsewhere-confirm"]')!;
      expect(confirmButton.textContent).toContain(confirm);
      confirmButton.click();
      document.querySelector<HTMLElement>('[data-testid="call-elsewhere-cancel"]')!.click();
      expect(Object.keys(wrapper.emitted())).toEqual(expect.arrayContaining(['confirm', 'cancel']));
      wrapper.unmount();
      document.body.innerHTML = '';
    });
  }
});
