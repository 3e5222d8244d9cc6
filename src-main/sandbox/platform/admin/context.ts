import type { PlatformWorld } from '../../world/types';
import type { Accounts } from './accounts';
import type { AccessTokens } from './jwt';
import type { Licensing } from './licensing';
import type { Outbox } from './outbox';
import type { PasswordHash } from './passwords';
import type { WebSessions } from './web-sessions';

/** What the route modules share: the stores, the clock and the service's settings. */
export interface AdminContext {
  world: PlatformWorld;
  accounts: Accounts;
  licensing: Licensing;
  tokens: AccessTokens;
  sessions: WebSessions;
  outbox: Outbox;
  now: () => Date;
  publicUrl: () => string;
  /** A hash of a random password: unknown e-mails are checked against it (same timing). */
  decoy: PasswordHash;
  invitationTtlSeconds: number;
  resetTtlSeconds: number;
}
