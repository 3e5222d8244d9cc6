import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { createVuetify } from 'vuetify';
import type { BoardLock } from '../../../../src-shared/ipc/features/board.contract';
import LockOverlay from '../../../../src-renderer/features/board/components/LockOverlay.vue';
import { createDeskI18n, type Locale } from '../../../../src-renderer/plugins/i18n';

function mountLock(lock: BoardLock, locale: Locale = 'fr') {
  const wrapper = mount(LockOverlay, {
    props: { lock, unlock: () => Promise.resolve() },
    global: { plugins: [createDeskI18n(locale), createVuetify()] },
    attachTo: document.body,
  });
  return { wrapper, card: document.querySelector<HTMLElement>('[data-testid="board-lock"]')! };
}

describe('lock screen', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('says who locked the desk: staff themselves, or the idle delay, in minutes', () => {
    const manual = mountLock({ reason: 'manual', idleMinutes: null });
    expect(manual.card.textContent).toContain('Vous avez verrouillé ce poste.');
    expect(manual.card.textContent).not.toContain('activité');
    manual.wrapper.unmount();
    const idle = mountLock({ reason: 'idle', idleMinutes: 10 }, 'en');
    expect(idle.card.textContent).toContain('Desk locked after 10 min without activity.');
    idle.wrapper.unmount();
  });

  it('lets another person take the desk', () => {
    const { wrapper } = mountLock({ reason: 'manual', idleMinutes: null });
    const button = document.querySelector<HTMLElement>('[data-testid="board-lock-switch"]')!;
    expect(button.textContent).toContain('Une autre personne');
    button.click();
    expect(wrapper.emitted('switchUser')).toHaveLength(1);
    wrapper.unmount();
  });
});
