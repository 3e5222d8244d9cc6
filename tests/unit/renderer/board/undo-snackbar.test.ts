import { mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import { createVuetify } from 'vuetify';
import UndoSnackbar from '../../../../src-renderer/features/board/components/UndoSnackbar.vue';
import { UNDO_MS } from '../../../../src-renderer/features/board/stores/board';
import { createDeskI18n, type Locale } from '../../../../src-renderer/plugins/i18n';

function mountSnackbar(status: 'done' | 'closed', locale: Locale = 'fr') {
  const held = { id: 'held-1', ticketId: 'i002', formattedNumber: 'I002', status, sendAt: Date.now() + UNDO_MS };
  return mount(UndoSnackbar, { props: { held }, attachTo: document.body, global: { plugins: [createDeskI18n(locale), createVuetify()] } });
}
const snackbar = () => document.querySelector<HTMLElement>('[data-testid="board-undo"]');

describe('undo countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('counts the seconds left before the move is sent, in the staff language, and its button undoes', async () => {
    const wrapper = mountSnackbar('done');
    await nextTick();
    expect(snackbar()?.textContent).toContain('I002\u00a0: terminé dans 8\u00a0s');
    await vi.advanceTimersByTimeAsync(5_100);
    expect(snackbar()?.textContent).toContain('dans 3\u00a0s');
    // The bar shrinks with the seconds shown, not between them (each step a redraw, not sixty a second).
    const bar = () => Number(snackbar()?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow'));
    expect(bar()).toBe(37.5);
    await vi.advanceTimersByTimeAsync(500);
    expect(bar()).toBe(37.5);
    await vi.advanceTimersByTimeAsync(500);
    expect(bar()).toBe(25);
    document.querySelector<HTMLButtonElement>('[data-testid="board-undo-button"]')!.click();
    expect(wrapper.emitted('undo')).toHaveLength(1);
    wrapper.unmount();

    mountSnackbar('closed', 'en');
    await nextTick();
    expect(snackbar()?.textContent).toContain('I002: closed in 8 s');
    expect(snackbar()?.textContent).toContain('Undo');
  });
});
