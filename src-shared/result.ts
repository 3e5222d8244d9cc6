import type { DeskErrorData } from './errors';

/** What every IPC call answers: a value or a typed error, never a thrown exception. */
export type DeskResult<T> = { ok: true; value: T } | { ok: false; error: DeskErrorData };

export function ok<T>(value: T): DeskResult<T> {
  return { ok: true, value };
}

export function fail(error: DeskErrorData): DeskResult<never> {
  return { ok: false, error };
}
