import { DeskError } from '../../src-shared/errors';
import type { NamedFailure } from '../net/failure';

/**
 * The platform did not answer usably (network error, timeout or 5xx): worth another
 * attempt under the contract's policy. Shared by the ticket services and the admin service.
 */
export class TransientPlatformError extends DeskError {
  constructor(message: string, named?: NamedFailure) {
    super(named?.code ?? 'PLATFORM_UNREACHABLE', named?.message ?? message, named?.host === undefined ? undefined : { host: named.host });
  }
}

export function isTransientPlatformError(error: unknown): boolean {
  return error instanceof TransientPlatformError;
}
