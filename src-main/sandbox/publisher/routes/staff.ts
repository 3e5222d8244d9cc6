import { timingSafeEqual } from 'node:crypto';
import { staffSignInRequestSchema } from '../../../../src-shared/publisher/schemas';
import { errors } from '../errors';
import { ok, operation, type PublisherContext } from '../operation';

function samePassword(presented: string, expected: string): boolean {
  const left = Buffer.from(presented);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Staff sign-in (K only, never encrypted): the offices of the account. Minimal form: always 401. */
export function staffRoutes(context: PublisherContext): void {
  const { state, behaviour } = context;

  operation(context, {
    method: 'POST',
    path: '/staff/sign-in',
    auth: 'K',
    encryption: 'never',
    body: staffSignInRequestSchema,
    handle: ({ body }) => {
      if (behaviour.minimal.staffAccounts) throw errors.invalidCredentials();
      const account = state.world.staff.find((candidate) => candidate.login === body.login);
      if (!account || !samePassword(body.password, account.password)) throw errors.invalidCredentials();
      return ok({
        offices: state.world.offices
          .filter((office) => account.officeIds.includes(office.officeId))
          .map(({ officeId, officeVisibleId, name }) => ({ officeId, officeVisibleId, name })),
        userEmail: account.email,
        userDisplayName: account.displayName,
      });
    },
  });
}
