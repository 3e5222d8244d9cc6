import { ref, shallowRef } from 'vue';

/** What a confirmation dialog needs of a removal, whatever it removes. */
export interface ConfirmedRemoval {
  open: { value: boolean };
  busy: { value: boolean };
  confirm(): Promise<void>;
  cancel(): void;
}

/**
 * A destructive action asked first: `ask` names what would go and opens the
 * confirmation, `confirm` removes it. The dialog closes whatever the outcome; a
 * failure goes to `failed`, to be said where the panel says its errors.
 */
export function useRemoval<T>(remove: (target: T) => Promise<void>, failed: (failure: unknown) => void) {
  const target = shallowRef<T | null>(null);
  const open = ref(false);
  const busy = ref(false);

  function ask(next: T): void {
    target.value = next;
    open.value = true;
  }

  async function confirm(): Promise<void> {
    const current = target.value;
    if (current === null) return;
    busy.value = true;
    try {
      await remove(current);
    } catch (failure) {
      failed(failure);
    } finally {
      busy.value = false;
      open.value = false;
    }
  }

  function cancel(): void {
    open.value = false;
  }

  return { target, open, busy, ask, confirm, cancel };
}
