import { adminErrorBodySchema } from '../../../../../src-shared/platform/admin';
import { fails } from '../route';

/** Error answers with the service's error body; `bearer` adds the 401 every protected route has. */
export function errorsOf(descriptions: Record<number, string>, bearer = true) {
  const all: Record<number, string> = bearer ? { 401: 'Token missing, invalid or expired', ...descriptions } : descriptions;
  return fails(all, adminErrorBodySchema);
}

export const INVALID_INPUT = 'Invalid input; the message and `issues` name each offending field';
