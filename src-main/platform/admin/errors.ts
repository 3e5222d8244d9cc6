import { DeskError, type DeskErrorCode, type DeskErrorField } from '../../../src-shared/errors';
import { adminErrorBodySchema } from '../../../src-shared/platform/admin';

/** Per-call meaning of a refusal: `409` of users is a taken e-mail, of integrations the other kind. */
export type RefusalCodes = Partial<Record<400 | 403 | 404 | 409, DeskErrorCode>>;

const DEFAULT_CODES: Record<number, DeskErrorCode> = {
  400: 'ADMIN_INVALID',
  403: 'ADMIN_FORBIDDEN',
  404: 'ADMIN_NOT_FOUND',
  409: 'ADMIN_CONFLICT',
  413: 'ADMIN_INVALID',
  415: 'ADMIN_INVALID',
};

/**
 * Turns a 4xx of the admin service into a typed error. The message is ours, in
 * plain English for logs; the service's `issues` become `fields` (path and the
 * service's message, which never quotes the value sent).
 */
export function refusal(status: number, data: unknown, operation: string, authenticated: boolean, codes: RefusalCodes): DeskError {
  const body = adminErrorBodySchema.safeParse(data);
  const fields: DeskErrorField[] | undefined = body.success
    ? body.data.issues?.slice(0, 100).map((issue) => ({ path: issue.path.slice(0, 256), message: issue.message.slice(0, 512) }))
    : undefined;
  if (status === 401) {
    return authenticated
      ? new DeskError('SESSION_EXPIRED', 'session expired, sign in again')
      : new DeskError('ADMIN_CREDENTIALS', 'E-mail or password refused.');
  }
  const code = codes[status as keyof RefusalCodes] ?? DEFAULT_CODES[status] ?? 'PLATFORM_ERROR';
  return new DeskError(code, `The platform refused ${operation} (HTTP ${status}).`, { fields });
}
