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

interface CallSpec<S extends z.ZodType> {
  method: Exclude<HttpMethod, 'PATCH'>;
  path: string;
  /** Named in error messages and logs instead of the path (no ids, no e-mails). */
  operation: string;
  schema: S;
  body?: unknown;
  /** Sends the Bearer token; a 401 then means the session ended. */
  auth: boolean;
  codes?: RefusalCodes;
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
    const answer = await this.call({ method: 'POST', path: ADMIN_PATHS.login, operation: 'login', schema: loginResponseSchema, body: credentials, auth: false });
    this.token = answer.access_token;
    return answer;
  }

  profile(): Promise<ProfileResponse> {
    return this.call({ method: 'GET', path: ADMIN_PATHS.profile, operation: 'profile', schema: profileResponseSchema, auth: true });
  }

  accessibleLicences(): Promise<AccessibleLicences> {
    return this.call({ method: 'GET', path: ADMIN_PATHS.accessibleLicences, operation: 'accessibleLicences', schema: accessibleLicencesSchema, auth: true });
  }

  /** Replaces the token with the one bound to the chosen licence. */
  async switchLicence(licenceId: number): Promise<SwitchLicenceResponse> {
    const answer = await this.call({
      method: 'POST',
      path: ADMIN_PATHS.switchLicence,
      operation: 'switchLicence',
      schema: switchLicenceResponseSchema,
      body: { licenceId },
      auth: true,
    });
    this.token = answer.access_token;
    return answer;
  }

  async forgotPassword(email: string): Promise<void> {
    await this.call({ method: 'POST', path: ADMIN_PATHS.forgotPassword, operation: 'forgotPassword', schema: ackResponseSchema, body: { email }, auth: false });
  }

  async setPassword(request: SetPasswordRequest): Promise<void> {
    await this.call({
      method: 'POST',
      path: ADMIN_PATHS.setPassword,
      operation: 'setPassword',
      schema: ackResponseSchema,
      body: request,
      auth: false,
      codes: { 400: 'ADMIN_INVITATION_INVALID' },
    });
  }

  validate(credentials: CredentialsRequest): Promise<ValidateCredentialsResponse> {
    return this.call({
      method: 'POST',
      path: ADMIN_PATHS.validateCredentials,
      operation: 'validate',
      schema: validateCredentialsResponseSchema,
      body: credentials,
      auth: false,
    });
  }

  // ── licences ───────────────────────────────────────────────────────────────
  licences(): Promise<Licence[]> {
    return this.call({ method: 'GET', path: ADMIN_PATHS.licences, operation: 'listLicences', schema: licenceListSchema, auth: true });
  }

  licence(id: number): Promise<Licence> {
    return this.call({ method: 'GET', path: adminPath.licence(id), operation: 'getLicence', schema: licenceSchema, auth: true });
  }

  createLicence(request: CreateLicenceRequest): Promise<Licence> {
    return this.call({ method: 'POST', path: ADMIN_PATHS.licences, operation: 'createLicence', schema: licenceSchema, body: request, auth: true });
  }

  updateLicence(id: number, changes: UpdateLicenceRequest): Promise<Licence> {
    return this.call({ method: 'PUT', path: adminPath.licence(id), operation: 'updateLicence', schema: licenceSchema, body: changes, auth: true });
  }

  async deleteLicence(id: number): Promise<void> {
    await this.call({ method: 'DELETE', path: adminPath.licence(id), operation: 'deleteLicence', schema: ackResponseSchema, auth: true });
  }

  dashboardSummary(): Promise<DashboardSummary> {
    return this.call({ method: 'GET', path: ADMIN_PATHS.dashboardSummary, operation: 'dashboardSummary', schema: dashboardSummarySchema, auth: true });
  }

  // ── users ──────────────────────────────────────────────────────────────────
  users(): Promise<User[]> {
    return this.call({ method: 'GET', path: ADMIN_PATHS.users, operation: 'listUsers', schema: userListSchema, auth: true });
  }

  createUser(request: CreateUserRequest): Promise<User> {
    return this.call({ method: 'POST', path: ADMIN_PATHS.users, operation: 'createUser', schema: userSchema, body: request, auth: true, codes: USER_CONFLICT });
  }

  updateUser(id: number, changes: UpdateUserRequest): Promise<User> {
    return this.call({ method: 'PUT', path: adminPath.user(id), operation: 'updateUser', schema: userSchema, body: changes, auth: true, codes: USER_CONFLICT });
  }

  async deleteUser(id: number): Promise<void> {
    await this.call({ method: 'DELETE', path: adminPath.user(id), operation: 'deleteUser', schema: ackResponseSchema, auth: true });
  }

  inviteUser(request: InviteUserRequest): Promise<InvitationResponse> {
    return this.call({
      method: 'POST',
      path: ADMIN_PATHS.inviteUser,
      operation: 'inviteUser',
      schema: invitationResponseSchema,
      body: request,
      auth: true,
      codes: { ...USER_CONFLICT, 400: 'ADMIN_EMAIL_UNREACHABLE' },
    });
  }

  /** 400 is either an activated account or an undeliverable address; the `email` issue tells which. */
  async resendInvitation(id: number): Promise<InvitationResponse> {
    try {
      return await this.call({
        method: 'POST',
        path: adminPath.resendInvitation(id),
        operation: 'resendInvitation',
        schema: invitationResponseSchema,
        auth: true,
        codes: { 400: 'ADMIN_ALREADY_ACTIVATED' },
      });
    } catch (error) {
      if (error instanceof DeskError && error.code === 'ADMIN_ALREADY_ACTIVATED' && error.fields?.some((field) => field.path === 'email')) {
        throw new DeskError('ADMIN_EMAIL_UNREACHABLE', error.message, { fields: error.fields });
      }
      throw error;
    }
  }

  // ── integrations ───────────────────────────────────────────────────────────
  integrations(licenceId: number): Promise<LicenceIntegrations> {
    return this.call({ method: 'GET', path: adminPath.licenceIntegrations(licenceId), operation: 'getIntegrations', schema: licenceIntegrationsSchema, auth: true });
  }

  savePublisherIntegration(licenceId: number, request: PublisherIntegrationRequest): Promise<PublisherIntegration> {
    return this.call({
      method: 'POST',
      path: adminPath.publisherIntegration(licenceId),
      operation: 'savePublisherIntegration',
      schema: publisherIntegrationSchema,
      body: request,
      auth: true,
      codes: INTEGRATION_CONFLICT,
    });
  }

  async deletePublisherIntegration(licenceId: number): Promise<void> {
    await this.call({ method: 'DELETE', path: adminPath.publisherIntegration(licenceId), operation: 'deletePublisherIntegration', schema: ackResponseSchema, auth: true });
  }

  saveTestServerIntegration(licenceId: number, request: TestServerIntegrationRequest): Promise<TestServerIntegration> {
    return this.call({
      method: 'POST',
      path: adminPath.testServerIntegration(licenceId),
      operation: 'saveTestServerIntegration',
      schema: testServerIntegrationSchema,
      body: request,
      auth: true,
      codes: INTEGRATION_CONFLICT,
    });
  }

  async deleteTestServerIntegration(licenceId: number): Promise<void> {
    await this.call({ method: 'DELETE', path: adminPath.testServerIntegration(licenceId), operation: 'deleteTestServerIntegration', schema: ackResponseSchema, auth: true });
  }

  saveStaticReferential(licenceId: number, referential: StaticReferential): Promise<StaticReferentialSummary> {
    return this.call({
      method: 'PUT',
      path: adminPath.staticReferential(licenceId),
      operation: 'saveStaticReferential',
      schema: staticReferentialSummarySchema,
      body: referential,
      auth: true,
      codes: { 400: 'ADMIN_REFERENTIAL_INVALID' },
    });
  }

  /** The training sandbox's mail catcher (no such route on a real platform). */
  outbox(to?: string): Promise<OutboxResponse> {
    const query = to ? `?${new URLSearchParams({ to }).toString()}` : '';
    return this.call({ method: 'GET', path: `${ADMIN_PATHS.outbox}${query}`, operation: 'outbox', schema: outboxResponseSchema, auth: false });
  }

  // ── transport ──────────────────────────────────────────────────────────────
  private call<S extends z.ZodType>(spec: CallSpec<S>): Promise<z.output<S>> {
    // Creations are not idempotent (a replayed invite sends two e-mails): one attempt only.
    const idempotent = spec.method === 'GET' || spec.method === 'PUT';
    const retry = idempotent ? undefined : { ...CONTRACT_RETRY_POLICY, attempts: 1 };
    // A POST always carries JSON (the platform refuses other bodies with 415), `{}` when there is nothing to say.
    const body = spec.body ?? (spec.method === 'POST' ? {} : undefined);
    return this.http.call({
      operation: spec.operation,
      method: spec.method,
      url: `${platformBase(this.options.platformUrl)}${spec.path}`,
      schema: spec.schema,
      retry,
      // The token of the moment, attempt by attempt: a sign-out between two attempts stops the call.
      prepare: () => {
        const token = this.token;
        if (spec.auth && token === null) throw new DeskError('NOT_SIGNED_IN', 'Sign in to the platform administration first.');
        return {
          body: body === undefined ? undefined : JSON.stringify(body),
          // No Content-Type without a body: the platform refuses an empty JSON body.
          headers: {
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(spec.auth ? { Authorization: `Bearer ${token}` } : {}),
          },
          refused: platformRefusal(({ status, text }, { operation }) => {
            // A token the platform no longer honours is useless: forget it so the UI asks to sign in again.
            if (status === 401 && spec.auth && this.token === token) this.token = null;
            return refusal(status, readJson(text), operation, spec.auth, spec.codes ?? {});
          }),
        };
      },
    });
  }
}
