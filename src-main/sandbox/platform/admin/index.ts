import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { User } from '../../../../src-shared/platform/admin';
import { logger } from '../../../log';
import type { PlatformWorld } from '../../world/types';
import { Accounts, publicUser } from './accounts';
import { authenticator } from './auth';
import type { AdminContext } from './context';
import { handleAdminError } from './errors';
import { inviteSeededAccounts } from './invitations';
import { accessTokens } from './jwt';
import { Licensing } from './licensing';
import { openApiDocument } from './openapi';
import { Outbox, type OutboxMessage } from './outbox';
import { PasswordHash } from './passwords';
import { mountRoutes, type AdminRoute } from './route';
import { authRoutes } from './routes/auth';
import { homeRoutes } from './routes/home';
import { integrationRoutes } from './routes/integrations';
import { licenceRoutes } from './routes/licences';
import { userRoutes } from './routes/users';
import { webRoutes } from './routes/web';
import { WebSessions } from './web-sessions';

export type { OutboxMessage } from './outbox';

const log = logger('sandbox-admin');

export const DEFAULT_TOKEN_TTL_SECONDS = 8 * 60 * 60;
export const DEFAULT_INVITATION_TTL_SECONDS = 72 * 60 * 60;
export const DEFAULT_RESET_TTL_SECONDS = 60 * 60;

export interface AdminServiceOptions {
  world: PlatformWorld;
  now: () => Date;
  /** HS256 secret for the JWTs; random per sandbox run. */
  jwtSecret: Uint8Array;
  /** The platform's own URL, for links in e-mails. */
  publicUrl: () => string;
  /** Access-token and web-session lifetime (default 8 h). */
  tokenTtlSeconds?: number;
  /** Invitation link lifetime (default 72 h). */
  invitationTtlSeconds?: number;
  /** Password-reset link lifetime (default 1 h). */
  resetTtlSeconds?: number;
}

export interface AdminService {
  /** E-mails sent (invitations, resets), oldest first: the sandbox's mail catcher. */
  readonly outbox: OutboxMessage[];
  /** The live accounts, as the API shows them (no secrets). */
  users(): User[];
}

/**
 * The training platform's administration service (spec/platform-administration-service.md):
 * licences, users, login and licence switch, integrations, web pages, `/swagger.json`.
 * Its routes live in their own Fastify context, so its error handler and form parser
 * do not touch the ticket services or the relay.
 */
export async function registerAdminService(app: FastifyInstance, options: AdminServiceOptions): Promise<AdminService> {
  const tokenTtlSeconds = options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
  const accounts = Accounts.fromSeeds(options.world.users);
  const decoy = PasswordHash.onFirstCheck(randomBytes(16).toString('hex'));
  const ctx: AdminContext = {
    world: options.world,
    accounts,
    licensing: new Licensing(options.world),
    tokens: accessTokens(options.jwtSecret, options.now, tokenTtlSeconds),
    sessions: new WebSessions(options.now, tokenTtlSeconds),
    outbox: new Outbox(options.now, options.publicUrl),
    now: options.now,
    publicUrl: options.publicUrl,
    decoy,
    invitationTtlSeconds: options.invitationTtlSeconds ?? DEFAULT_INVITATION_TTL_SECONDS,
    resetTtlSeconds: options.resetTtlSeconds ?? DEFAULT_RESET_TTL_SECONDS,
  };
  inviteSeededAccounts(ctx);

  // The document describes every route, `/swagger.json` included: it is read at request time.
  const routes: AdminRoute[] = [
    ...homeRoutes(ctx, () => document()),
    ...authRoutes(ctx),
    ...licenceRoutes(ctx),
    ...integrationRoutes(ctx),
    ...userRoutes(ctx),
    ...webRoutes(ctx),
  ];
  const document = openApiDocument(routes, options.publicUrl);

  await app.register(async (scope) => {
    scope.setErrorHandler(handleAdminError);
    // HTML forms (login, set-password); each route decides whether it accepts them.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    mountRoutes(scope, routes, authenticator(ctx));
  });
  log.info('administration service ready', { accounts: accounts.list().length, licences: ctx.licensing.list().length, routes: routes.length });
  return {
    get outbox() {
      return ctx.outbox.messages;
    },
    users: () => accounts.list().map(publicUser),
  };
}
