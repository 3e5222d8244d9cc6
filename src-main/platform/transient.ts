import { DeskError } from '../../src-shared/errors';

/**
 * The platform did not answer usably (network error, timeout or 5xx): worth another
 * attempt under the contract's policy. Shared by the ticket services and the admin service.
 */
export class TransientPlatformError extends DeskError {
  constructor(message: string) {
    super('PLATFORM_UNREACHABLE', message);
  }
}

export function isTransientPlatformError(error: unknown): boolean {
  return error instanceof TransientPlatformError;
}
