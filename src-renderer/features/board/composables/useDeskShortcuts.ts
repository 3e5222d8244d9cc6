import { onBeforeUnmount, onMounted } from 'vue';

/** The multi-desk keys, beside the board's own (N R I D C / A ? ↑ ↓): T transfer, X absent. */
export const DESK_SHORTCUTS = { t: 'transfer', x: 'absent' } as const;
export type DeskShortcut = (typeof DESK_SHORTCUTS)[keyof typeof DESK_SHORTCUTS];

/**
 * The same rules as the board's keys: ignored while typing, with a modifier held, while a
 * dialog or menu is open, and while `enabled` is false (locked desk).
 */
export function useDeskShortcuts(run: (action: DeskShortcut) => void, enabled: () => boolean): void {
  const onKey = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || !enabled()) return;
    const target = event.target;
    if (target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
    if (document.querySelector('.v-overlay--active:not(.v-snackbar)')) return;
    const action = DESK_SHORTCUTS[event.key.toLowerCase() as keyof typeof DESK_SHORTCUTS];
    if (!action) return;
    event.preventDefault();
    run(action);
  };
  onMounted(() => window.addEventListener('keydown', onKey));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey));
}
