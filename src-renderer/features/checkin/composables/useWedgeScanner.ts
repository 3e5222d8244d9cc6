import { onBeforeUnmount, onMounted } from 'vue';
import { WedgeBurst, type WedgeBurstOptions } from './wedge-burst';

type Editable = HTMLInputElement | HTMLTextAreaElement;

function editableOf(target: EventTarget | null): Editable | null {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target : null;
}

/**
 * Listens for a keyboard-wedge scanner anywhere on screen and hands each scanned code
 * to `onCode`. Typing stays typing: a text field keeps what a person types, and only
 * a burst ending in Enter counts — whose characters are then taken back out of the
 * field they landed in, so a scan never leaves a code in a search box.
 */
export function useWedgeScanner(onCode: (code: string) => void, options?: WedgeBurstOptions): void {
  const burst = new WedgeBurst(options);
  let field: { element: Editable; before: string } | null = null;

  function onKeydown(event: KeyboardEvent): void {
    if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
    const step = burst.feed(event.key, event.timeStamp);
    if (step.kind === 'key') {
      if (step.startsBurst) {
        const element = editableOf(event.target);
        field = element ? { element, before: element.value } : null;
      }
      return;
    }
    if (step.kind === 'code') {
      event.preventDefault();
      event.stopPropagation();
      if (field && field.element.value !== field.before) {
        field.element.value = field.before;
        field.element.dispatchEvent(new Event('input', { bubbles: true }));
      }
      field = null;
      onCode(step.code);
    }
  }

  // Capture phase: the scan is seen before a focused form submits on Enter.
  onMounted(() => window.addEventListener('keydown', onKeydown, true));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown, true));
}
