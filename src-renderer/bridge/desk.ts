import { ref } from 'vue';
import { DeskError } from '../../src-shared/errors';
import type { DeskApi } from '../../src-shared/ipc/api';
import type { DeskResult } from '../../src-shared/result';
import { createWebBridge, takePreviewToken, type LinkState } from './web-bridge';

/** Whether the renderer can reach main: always up under Electron, tracked in the preview. */
export const link = ref<LinkState>('up');

function resolveDesk(): DeskApi {
  if (window.desk) return window.desk;
  const token = takePreviewToken(window.location, window.sessionStorage, window.history);
  return createWebBridge(token, (state) => {
    link.value = state;
  });
}

export const desk: DeskApi = resolveDesk();

/** Turns a result into its value, or throws the typed error for the caller to show. */
export async function unwrap<T>(pending: Promise<DeskResult<T>>): Promise<T> {
  const result = await pending;
  if (result.ok) return result.value;
  throw DeskError.from(result.error);
}
