import { isDeskError, type DeskError } from '../../src-shared/errors';

/** The DeskError a call fails with; throws when it succeeds or fails otherwise. */
export async function failureOf(call: Promise<unknown>): Promise<DeskError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isDeskError(error)) throw new Error(`expected a DeskError, got ${String(error)}`);
  return error;
}
