import { onBeforeUnmount, onMounted } from 'vue';
import { WEDGE_DEFAULTS, WedgeBurst, type WedgeBurstOptions } from './wedge-burst';

type Editable = HTMLInputElement | HTMLTextAreaElement;

function editableOf(target: EventTarget | null): Editable | null {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target : null;
}

/** Writes one character at the field's caret, as typing it would (Vue's v-model hears the input event). */
function typeInto(element: Editable, text: string): void {
  try {
    element.setRangeText(text, element.selectionStart ?? element.value.length, element.selectionEnd ?? element.value.length, 'end');
  } catch {
    // Fields without a caret (number, date) take the text at the end.
    element.value += text;
  }
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Keys held back outside text fields until it is clear they are not the start of a scan. */
interface HeldKey {
  target: EventTarget;
  init: KeyboardEventInit;
}

/**
 * Listens for a keyboard-wedge scanner anywhere on screen and hands each scanned code
 * to `onCode`. Typing stays typing:
 * - in a text field a person's keys land as usual; only a burst ending in Enter counts,
 *   and its characters are then taken back out of the field, so a scan never leaves a
 *   code in a search box;
 * - elsewhere, single-key shortcuts (the board's N, C, A…) must not fire on a scanned
 *   code's letters, so a printable key is held for a few milliseconds: if no burst
 *   follows it is replayed to the page, otherwise it was part of the scan.
 */
/**
 * Set on the document while the desk's lock screen is up (LockOverlay.vue): the one
 * thing every screen can read without knowing the board.
 */
const DESK_LOCKED_ATTRIBUTE = 'data-desk-locked';

function isDeskLocked(): boolean {
  return document.documentElement.hasAttribute(DESK_LOCKED_ATTRIBUTE);
}

export function useWedgeScanner(onCode: (code: string) => void, options: WedgeBurstOptions = WEDGE_DEFAULTS): void {
  const burst = new WedgeBurst(options);
  const replayed = new WeakSet<Event>();
  /** The focused field and its text before each key of the current run, to take a scanned code back out. */
  let field: { element: Editable; befores: string[] } | null = null;
  let held: HeldKey[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  function replayHeld(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    const keys = held;
    held = [];
    for (const key of keys) {
      // A held key moved the focus into a field (the board's "/" opens its search): the letters held
      // after it are typing meant for that field. A replayed keydown types nothing, so they are written in.
      const focused = editableOf(document.activeElement);
      if (focused && focused !== key.target && key.init.key!.length === 1) {
        typeInto(focused, key.init.key!);
        continue;
      }
      const event = new KeyboardEvent('keydown', key.init);
      replayed.add(event);
      // The element may have left the page meanwhile (a re-rendered row): the key still reaches the page.
      const target = key.target instanceof Node && !key.target.isConnected ? (document.activeElement ?? document.body) : key.target;
      target.dispatchEvent(event);
    }
  }

  function dropHeld(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    held = [];
  }

  function hold(event: KeyboardEvent): void {
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({
      target: event.target ?? window,
      init: { key: event.key, code: event.code, shiftKey: event.shiftKey, bubbles: true, cancelable: true },
    });
    if (timer) clearTimeout(timer);
    // Past the longest gap of a burst, this was a person: the keys go on to the page. Inside a
    // burst already under way, a slowed key is waited for as long as a pause may last.
    timer = setTimeout(replayHeld, (burst.inBurst ? options.maxPauseMs : options.maxGapMs) + 10);
  }

  function onKeydown(event: KeyboardEvent): void {
    if (replayed.has(event) || event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
    const step = burst.feed(event.key, event.timeStamp);
    const element = editableOf(event.target);
    if (step.kind === 'key') {
      if (step.startsRun) {
        replayHeld();
        field = element ? { element, befores: [] } : null;
      }
      if (field && event.key.length === 1) {
        // A key typed in another field than the run's: that run's text can no longer be taken back.
        if (field.element !== element) field = null;
        else field.befores.push(element.value);
      }
      if (!element && event.key.length === 1 && event.key !== ' ') hold(event);
      // Any other key (Escape, arrows, a field's keys) ends what was held, in the order typed.
      else if (event.key !== 'Shift') replayHeld();
      return;
    }
    if (step.kind === 'enter') {
      replayHeld();
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    dropHeld();
    const before = field?.befores[step.from];
    if (field && before !== undefined && field.element.value !== before) {
      field.element.value = before;
      field.element.dispatchEvent(new Event('input', { bubbles: true }));
    }
    field = null;
    // A locked desk shows no patient: a convocation scanned behind the lock opens nothing.
    if (isDeskLocked()) return;
    onCode(step.code);
  }

  // Capture phase: the scan is seen before a focused form submits on Enter or a shortcut runs.
  onMounted(() => window.addEventListener('keydown', onKeydown, true));
  onBeforeUnmount(() => {
    dropHeld();
    window.removeEventListener('keydown', onKeydown, true);
  });
}
