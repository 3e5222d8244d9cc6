import { onBeforeUnmount, onMounted } from 'vue';

export type ShortcutAction =
  | 'callNext'
  | 'recall'
  | 'inCare'
  | 'done'
  | 'close'
  | 'transfer'
  | 'absent'
  | 'mine'
  | 'undo'
  | 'search'
  | 'newCheckin'
  | 'help'
  | 'up'
  | 'down';

/** The keys, as the help overlay and the README list them; `help` names the text saying what each acts on. */
export const SHORTCUTS: { keys: string; action: ShortcutAction; help: string }[] = [
  { keys: 'N', action: 'callNext', help: 'n' },
  { keys: 'R', action: 'recall', help: 'r' },
  { keys: 'I', action: 'inCare', help: 'i' },
  { keys: 'D', action: 'done', help: 'd' },
  { keys: 'C', action: 'close', help: 'c' },
  { keys: 'T', action: 'transfer', help: 't' },
  { keys: 'X', action: 'absent', help: 'x' },
  { keys: '↑ ↓', action: 'down', help: 'arrows' },
  { keys: 'Esc', action: 'mine', help: 'escape' },
  { keys: 'Ctrl+Z', action: 'undo', help: 'undo' },
  { keys: '/', action: 'search', help: 'slash' },
  { keys: 'A', action: 'newCheckin', help: 'a' },
  { keys: '?', action: 'help', help: 'help' },
];

const BY_KEY: Record<string, ShortcutAction> = {
  n: 'callNext',
  r: 'recall',
  i: 'inCare',
  d: 'done',
  c: 'close',
  t: 'transfer',
  x: 'absent',
  '/': 'search',
  a: 'newCheckin',
  '?': 'help',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Escape: 'mine',
};

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A dialog or menu of any feature (a print preview, a select list) has the keyboard; a snackbar does not. */
function overlayOpen(): boolean {
  return document.querySelector('.v-overlay--active:not(.v-snackbar)') !== null;
}

/** Ctrl+Z (⌘Z on a Mac) outside a field, where it undoes typing instead. */
function undoKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z';
}

/**
 * Single-key shortcuts of the board, and Ctrl+Z, ignored while typing in a field (the focused
 * element, not only the event's target: a key typed right after `/` belongs to the search) or
 * with another modifier held (so browser and system shortcuts keep working), while a dialog is
 * open and while `enabled` is false. `run` is called inside the keydown, so `/` can move the
 * focus before the next key arrives.
 */
export function useBoardShortcuts(run: (action: ShortcutAction) => void, enabled: () => boolean): void {
  const onKey = (event: KeyboardEvent) => {
    if (event.repeat || !enabled() || typing(event.target) || typing(document.activeElement) || overlayOpen()) return;
    if (undoKey(event)) {
      event.preventDefault();
      return run('undo');
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const action = BY_KEY[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (!action) return;
    event.preventDefault();
    run(action);
  };
  onMounted(() => window.addEventListener('keydown', onKey));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey));
}
