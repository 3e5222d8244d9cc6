import type { z } from 'zod';
import type { StaticReferential, StaticReferentialSummary } from '../../../src-shared/admin/referential';
import { staticReferentialSummarySchema } from '../../../src-shared/admin/referential';
import { DeskError } from '../../../src-shared/errors';
import {
  accessibleLicencesSchema,
  ackResponseSchema,
  ADMIN_PATHS,
  adminPath,
  dashboardSummarySchema,
  invitationResponseSchema,
  licenceIntegrationsSchema,
  licenceListSchema,
  licenceSchema,
  loginResponseSchema,
  outboxResponseSchema,
  profileResponseSchema,
  publisherIntegrationSchema,
  switchLicenceResponseSchema,
  testServerIntegrationSchema,
  userListSchema,
  userSchema,
  validateCredentialsResponseSchema,
  type AccessibleLicences,
  type CreateLicenceRequest,
  type CreateUserRequest,
  type CredentialsRequest,
  type DashboardSummary,
  type InvitationResponse,
  type InviteUserRequest,
  type Licence,
  type LicenceIntegrations,
  type LoginResponse,
  type OutboxResponse,
  type ProfileResponse,
  type PublisherIntegration,
  type PublisherIntegrationRequest,
  type SetPasswordRequest,
  type SwitchLicenceResponse,
  type TestServerIntegration,
  type TestServerIntegrationRequest,
  type UpdateLicenceRequest,
  type UpdateUserRequest,
  type User,
  type ValidateCredentialsResponse,
} from '../../../src-shared/platform/admin';
import { readJson } from '../../net/json-answer';
import { JsonHttp, type HttpMethod } from '../../net/json-http';
import { CONTRACT_RETRY_POLICY, type RetryDeps, type RetryPolicy } from '../../net/retry';
import { PLATFORM_FAILURES, platformBase, platformRefusal } from '../failures';
import { refusal, type RefusalCodes } from './errors';

export const ADMIN_TIMEOUT_MS = 8_000;

export interface AdminClientOptions {
  platformUrl: string;
  timeoutMs?: number;
  retry?: RetryPolicy;
  retryDeps?: RetryDeps;
}

type Method = Exclude<HttpMethod, 'PATCH'>;

interface CallExtras {
  body?: unknown;
  /** This call's meaning of a 4xx (a 409 of users is a taken e-mail, of integrations the other kind). */
  codes?: RefusalCodes;
  /** Sent without the Bearer token (sign-in, password, the outbox); otherwise a 401 means the session ended. */
  anonymous?: boolean;
}

const USER_CONFLICT: RefusalCodes = { 409: 'ADMIN_EMAIL_TAKEN' };
const INTEGRATION_CONFLICT: RefusalCodes = { 409: 'ADMIN_INTEGRATION_CONFLICT' };

/**
 * The Platform Administration Service client. It holds the JWT (main only: never
 * persisted, never answered over IPC), validates every answer with the shared zod
 * schemas, retries reads and idempotent writes on network errors and 5xx (4xx
 * never), and turns refusals into typed `DeskError`s whose messages are safe to show.
 */
export class AdminClient {
  private readonly http: JsonHttp;
  private token: string | null = null;

  constructor(private readonly options: AdminClientOptions) {
    this.http = new JsonHttp({
      // Every admin call names its own refusals; this one only stands behind them.
      hooks: { ...PLATFORM_FAILURES, refused: platformRefusal(({ status, text }, { operation }) => refusal(status, readJson(text), operation, false, {})) },
      timeoutMs: options.timeoutMs ?? ADMIN_TIMEOUT_MS,
      retry: options.retry,
      retryDeps: options.retryDeps,
    });
  }

  get signedIn(): boolean {
    return this.token !== null;
  }

  /** Forgets the token (sign-out, or the platform said it is no longer valid). */
  forgetToken(): void {
    this.token = null;
  }

  // ── authentication ─────────────────────────────────────────────────────────
  async login(credentials: CredentialsRequest): Promise<LoginResponse> {
    const answer = await this.call('POST', ADMIN_PATHS.login, 'login', loginResponseSchema, { body: credentials, anonymous: true });
    this.token = answer.access_token;
    return answer;
  }

  profile(): Promise<ProfileResponse> {
    return this.call('GET', ADMIN_PATHS.profile, 'profile', profileResponseSchema);
  }

  accessibleLicences(): Promise<AccessibleLicences> {
    return this.call('GET', ADMIN_PATHS.accessibleLicences, 'accessibleLicences', accessibleLicencesSchema);
  }

  /** Replaces the token with the one bound to the chosen licence. */
  async switchLicence(licenceId: number): Promise<SwitchLicenceResponse> {
    const answer = await this.call('POST', ADMIN_PATHS.switchLicence, 'switchLicence', switchLicenceResponseSchema, { body: { licenceId } });
    this.token = answer.access_token;
    return answer;
  }

  async forgotPassword(email: string): Promise<void> {
    await this.call('POST', ADMIN_PATHS.forgotPassword, 'forgotPassword', ackResponseSchema, { body: { email }, anonymous: true });
  }

  async setPassword(request: SetPasswordRequest): Promise<void> {
    await this.call('POST', ADMIN_PATHS.setPassword, 'setPassword', ackResponseSchema, { body: request, codes: { 400: 'ADMIN_INVITATION_INVALID' }, anonymous: true });
  }

  validate(credentials: CredentialsRequest): Promise<ValidateCredentialsResponse> {
    return this.call('POST', ADMIN_PATHS.validateCredentials, 'validate', validateCredentialsResponseSchema, { body: credentials, anonymous: true });
  }

  // ── licences ───────────────────────────────────────────────────────────────
  licences(): Promise<Licence[]> {
    return this.call('GET', ADMIN_PATHS.licences, 'listLicences', licenceListSchema);
  }

  licence(id: number): Promise<Licence> {
    return this.call('GET', adminPath.licence(id), 'getLicence', licenceSchema);
  }

  createLicence(request: CreateLicenceRequest): Promise<Licence> {
    return this.call('POST', ADMIN_PATHS.licences, 'createLicence', licenceSchema, { body: request });
  }

  updateLicence(id: number, changes: UpdateLicenceRequest): Promise<Licence> {
    return this.call('PUT', adminPath.licence(id), 'updateLicence', licenceSchema, { body: changes });
  }

  async deleteLicence(id: number): Promise<void> {
    await this.call('DELETE', adminPath.licence(id), 'deleteLicence', ackResponseSchema);
  }

  dashboardSummary(): Promise<DashboardSummary> {
    return this.call('GET', ADMIN_PATHS.dashboardSummary, 'dashboardSummary', dashboardSummarySchema);
  }

  // ── users ──────────────────────────────────────────────────────────────────
  users(): Promise<User[]> {
    return this.call('GET', ADMIN_PATHS.users, 'listUsers', userListSchema);
  }

  createUser(request: CreateUserRequest): Promise<User> {
    return this.call('POST', ADMIN_PATHS.users, 'createUser', userSchema, { body: request, codes: USER_CONFLICT });
  }

  updateUser(id: number, changes: UpdateUserRequest): Promise<User> {
    return this.call('PUT', adminPath.user(id), 'updateUser', userSchema, { body: changes, codes: USER_CONFLICT });
  }

  async deleteUser(id: number): Promise<void> {
    await this.call('DELETE', adminPath.user(id), 'deleteUser', ackResponseSchema);
  }

  inviteUser(request: InviteUserRequest): Promise<InvitationResponse> {
    return this.call('POST', ADMIN_PATHS.inviteUser, 'inviteUser', invitationResponseSchema, { body: request, codes: { ...USER_CONFLICT, 400: 'ADMIN_EMAIL_UNREACHABLE' } });
  }

  /** 400 is either an activated account or an undeliverable address; the `email` issue tells which. */
  async resendInvitation(id: number): Promise<InvitationResponse> {
    try {
      return await this.call('POST', adminPath.resendInvitation(id), 'resendInvitation', invitationResponseSchema, { codes: { 400: 'ADMIN_ALREADY_ACTIVATED' } });
    } catch (error) {
      if (error instanceof DeskError && error.code === 'ADMIN_ALREADY_ACTIVATED' && error.fields?.some((field) => field.path === 'email')) {
        throw new DeskError('ADMIN_EMAIL_UNREACHABLE', error.message, { fields: error.fields });
      }
      throw error;
    }
  }

  // ── integrations ───────────────────────────────────────────────────────────
  integrations(licenceId: number): Promise<LicenceIntegrations> {
    return this.call('GET', adminPath.licenceIntegrations(licenceId), 'getIntegrations', licenceIntegrationsSchema);
  }

  savePublisherIntegration(licenceId: number, request: PublisherIntegrationRequest): Promise<PublisherIntegration> {
    return this.call('POST', adminPath.publisherIntegration(licenceId), 'savePublisherIntegration', publisherIntegrationSchema, { body: request, codes: INTEGRATION_CONFLICT });
  }

  async deletePublisherIntegration(licenceId: number): Promise<void> {
    await this.call('DELETE', adminPath.publisherIntegration(licenceId), 'deletePublisherIntegration', ackResponseSchema);
  }

  saveTestServerIntegration(licenceId: number, request: TestServerIntegrationRequest): Promise<TestServerIntegration> {
    return this.call('POST', adminPath.testServerIntegration(licenceId), 'saveTestServerIntegration', testServerIntegrationSchema, { body: request, codes: INTEGRATION_CONFLICT });
  }

  async deleteTestServerIntegration(licenceId: number): Promise<void> {
    await this.call('DELETE', adminPath.testServerIntegration(licenceId), 'deleteTestServerIntegration', ackResponseSchema);
  }

  saveStaticReferential(licenceId: number, referential: StaticReferential): Promise<StaticReferentialSummary> {
    return this.call('PUT', adminPath.staticReferential(licenceId), 'saveStaticReferential', staticReferentialSummarySchema, { body: referential, codes: { 400: 'ADMIN_REFERENTIAL_INVALID' } });
  }

  /** The training sandbox's mail catcher (no such route on a real platform). */
  outbox(to?: string): Promise<OutboxResponse> {
    const query = to ? `?${new URLSearchParams({ to }).toString()}` : '';
    return this.call('GET', `${ADMIN_PATHS.outbox}${query}`, 'outbox', outboxResponseSchema, { anonymous: true });
  }

  // ── transport ──────────────────────────────────────────────────────────────
  /** `operation` is named in error messages and logs instead of the path (no ids, no e-mails). */
  private call<S extends z.ZodType>(method: Method, path: string, operation: string, schema: S, extras: CallExtras = {}): Promise<z.output<S>> {
    const auth = !extras.anonymous;
    // Creations are not idempotent (a replayed invite sends two e-mails): one attempt only.
    const idempotent = method === 'GET' || method === 'PUT';
    const retry = idempotent ? undefined : { ...CONTRACT_RETRY_POLICY, attempts: 1 };
    // A POST always carries JSON (the platform refuses other bodies with 415), `{}` when there is nothing to say.
    const body = extras.body ?? (method === 'POST' ? {} : undefined);
    return this.http.call({
      operation,
      method,
      url: `${platformBase(this.options.platformUrl)}${path}`,
      schema,
      retry,
      // The token of the moment, attempt by attempt: a sign-out between two attempts stops the call.
      prepare: () => {
        const token = this.token;
        if (auth && token === null) throw new DeskError('NOT_SIGNED_IN', 'Sign in to the platform administration first.');
        return {
          body: body === undefined ? undefined : JSON.stringify(body),
          // No Content-Type without a body: the platform refuses an empty JSON body.
          headers: {
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(auth ? { Authorization: `Bearer ${token}` } : {}),
          },
          refused: platformRefusal(({ status, text }) => {
            // A token the platform no longer honours is useless: forget it so the UI asks to sign in again.
            if (status === 401 && auth && this.token === token) this.token = null;
            return refusal(status, readJson(text), operation, auth, extras.codes ?? {});
          }),
        };
      },
    });
  }
}
