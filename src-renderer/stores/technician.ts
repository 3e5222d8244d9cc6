import { defineStore } from 'pinia';
import { ref } from 'vue';
import { DeskError } from '../../src-shared/errors';
import type { TechnicianState } from '../../src-shared/ipc/features/technician.contract';
import { desk, unwrap } from '../bridge/desk';

/**
 * Technician mode as the Printers and Settings pages show it. Main decides and keeps the
 * PIN; this store follows its state and opens the unlock dialog when main asks for it.
 */
export const useTechnicianStore = defineStore('technician', () => {
  const state = ref<TechnicianState | null>(null);
  /** The unlock dialog: opened by hand, or by an action main refused for want of technician mode. */
  const dialog = ref(false);
  let stopListening: (() => void) | null = null;

  async function load(): Promise<TechnicianState> {
    stopListening ??= desk.on.technician.changed((next) => {
      state.value = next;
    });
    state.value = await unwrap(desk.technician.state());
    return state.value;
  }

  async function open(request: { with: 'pin'; pin: string } | { with: 'supervisor' }): Promise<void> {
    state.value = await unwrap(desk.technician.open(request));
    dialog.value = false;
  }

  async function close(): Promise<void> {
    state.value = await unwrap(desk.technician.close());
  }

  async function setPin(pin: string): Promise<void> {
    state.value = await unwrap(desk.technician.setPin({ pin }));
  }

  /** Runs a technician action; a refusal for want of technician mode opens the unlock dialog instead of showing a raw error. */
  async function guard<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (error instanceof DeskError && error.code === 'TECHNICIAN_MODE_REQUIRED') {
        if (state.value) state.value = { ...state.value, open: false, expiresAt: null };
        dialog.value = true;
      }
      throw error;
    }
  }

  return { state, dialog, load, open, close, setPin, guard };
});

/** The refusal `guard` already answered with the unlock dialog: callers show no error for it. */
export function isTechnicianRefusal(error: unknown): boolean {
  return error instanceof DeskError && error.code === 'TECHNICIAN_MODE_REQUIRED';
}
