import type { KeyObject } from 'node:crypto';
import type { z } from 'zod';
import { CONTRACT_BASE_PATH, type ConnectionProfile } from '../../src-shared/profile';
import {
  CONFIG_ROUTES,
  type AppointmentPair,
  type CheckInRequest,
  type CheckInResponse,
  type IdentifyRequest,
  type IdentifyResponse,
  type NotificationReadiness,
  type ProgressionStatus,
  type StaffSignInRequest,
  type StaffSignInResponse,
} from '../../src-shared/publisher/schemas';
import { logger } from '../log';
import { JsonHttp, type Outgoing } from '../net/json-http';
import type { RetryDeps, RetryPolicy } from '../net/retry';
import { parsePublisherKey, sealedAttempt } from './encryption';
import { ContractError, mapClientError, mapNetworkError, mapServerError, mapViolation } from './errors';
import {
  configOperation,
  OPERATIONS,
  readinessQueryString,
  segment,
  type ConfigAnswer,
  type ConfigRouteName,
  type Operation,
  type ReadinessQuery,
} from './operations';

const log = logger('publisher');

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface PublisherClientOptions {
  profile: ConnectionProfile;
  accountKey: string;
  /** Per-attempt timeout (default 10 s): a hung publisher is cut here and the attempt retried. */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Clock, sleep and jitter of the retry loop (tests). */
  retryDeps?: RetryDeps;
  /** Told after every attempt whether the publisher answered usably (false: network error or 5xx). */
  onReachability?: (reachable: boolean) => void;
  /**
   * Shown the decoded JSON of each 2xx answer before the schema reads it, unchanged: the
   * compatibility check compares it with what the tolerant schemas kept. The desk's own
   * clients have none.
   */
  observe?: (operation: string, json: unknown) => void;
}

/** Per-call overrides: the config probe and the board's actions make one short attempt. */
export interface CallOverrides {
  retry?: RetryPolicy;
  timeoutMs?: number;
}

interface CallSpec<S extends z.ZodType> {
  operation: Operation<S>;
  /** Route below the contract base path, ids already encoded. */
  route: string;
  body?: unknown;
  overrides?: CallOverrides;
}

/** By-ticket request (contract, "Resolve an appointment by ticket"). */
export interface ByTicketRequest {
  ticketNumber: string;
  birthDate: string;
  officePlaceVisibleId: string;
  context?: Record<string, unknown>;
}

/**
 * The production client of the Kiosk Integration Contract: URL (direct or relay),
 * headers (K or K+D, office id always), the contract's retry policy, end-to-end
 * encryption of the ten kiosk operations, zod validation of every answer, and
 * error mapping (errors.ts). Nothing here logs a body, a key or an id.
 */
export class PublisherClient {
  private readonly http: JsonHttp;
  private publicKey: KeyObject | null | undefined;
  private readonly keyConfigured: boolean;
  /**
   * Operations outside the ten that this publisher refused in clear (ENCRYPTION_REQUIRED):
   * sealed from then on, for the client's life, so the refusal costs one round trip once.
   */
  private readonly sealedByPublisher = new Set<string>();

  constructor(private readonly options: PublisherClientOptions) {
    const via = options.profile.contractMode === 'relay' ? 'The platform relay' : 'The medical system';
    this.keyConfigured = Boolean(options.profile.publisherPublicKeyPem?.trim());
    this.http = new JsonHttp({
      hooks: {
        unreachable: (failure, call) => mapNetworkError(via, failure, call.timeoutMs),
        failed: ({ status, text }) => mapServerError(status, text),
        // Sealed attempts use this; a clear attempt brings its own mapping (prepare).
        refused: ({ status, text }) => mapClientError({ status, rawBody: text, sealed: true, keyConfigured: this.keyConfigured }),
        violation: (violation, call) => mapViolation(violation, call.operation),
        tolerate: options.observe ? observing(options.observe) : undefined,
      },
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: options.retry,
      retryDeps: options.retryDeps,
      onReachability: options.onReachability,
      log,
    });
  }

  /** A client of the same publisher, profile and key whose answers are shown to `observe` (the compatibility check's run). */
  observed(observe: (operation: string, json: unknown) => void, overrides: CallOverrides = {}): PublisherClient {
    return new PublisherClient({ ...this.options, ...overrides, observe });
  }

  // ── operations ────────────────────────────────────────────────────────────
  staffSignIn(request: StaffSignInRequest): Promise<StaffSignInResponse> {
    return this.call({ operation: OPERATIONS.staffSignIn, route: '/staff/sign-in', body: request });
  }

  identifyPatients(request: IdentifyRequest): Promise<IdentifyResponse> {
    return this.call({ operation: OPERATIONS.identifyPatients, route: '/patients/identify', body: request });
  }

  getAppointmentById(appointmentId: string, overrides?: CallOverrides): Promise<AppointmentPair> {
    return this.call({ operation: OPERATIONS.getAppointmentById, route: `/appointments/${segment(appointmentId)}`, overrides });
  }

  /** The convocation code is the publisher's free format: one encoded path segment, passed as is. */
  getAppointmentByCode(code: string): Promise<AppointmentPair> {
    return this.call({ operation: OPERATIONS.getAppointmentByCode, route: `/appointments/by-code/${segment(code)}` });
  }

  getAppointmentByTicket(request: ByTicketRequest): Promise<AppointmentPair> {
    return this.call({ operation: OPERATIONS.getAppointmentByTicket, route: '/appointments/by-ticket', body: request });
  }

  /** Idempotent by contract (a replay returns the existing ticket), so retried like a read. */
  checkInAppointment(appointmentId: string, request: CheckInRequest): Promise<CheckInResponse> {
    return this.call({ operation: OPERATIONS.checkInAppointment, route: `/appointments/${segment(appointmentId)}/check-in`, body: request });
  }

  /** Idempotent by contract (at or past the status: 200, no effect). See isClosedRejected for publishers refusing `closed`. */
  setAppointmentStatus(appointmentId: string, status: ProgressionStatus, overrides?: CallOverrides): Promise<{ status: string }> {
    const route = `/appointments/${segment(appointmentId)}/status`;
    return this.call({ operation: OPERATIONS.setAppointmentStatus, route, body: { status }, overrides });
  }

  getNotificationReadiness(appointmentId: string, query: ReadinessQuery = {}): Promise<NotificationReadiness> {
    const route = `/appointments/${segment(appointmentId)}/notification-readiness${readinessQueryString(query)}`;
    return this.call({ operation: OPERATIONS.getNotificationReadiness, route });
  }

  getConfig<N extends ConfigRouteName>(name: N, overrides?: CallOverrides): Promise<ConfigAnswer<N>> {
    // TypeScript cannot resolve z.output over the generic index; the schema is CONFIG_ROUTES[name].schema.
    return this.call({ operation: configOperation(name), route: CONFIG_ROUTES[name].path, overrides }) as Promise<ConfigAnswer<N>>;
  }

  // ── transport ─────────────────────────────────────────────────────────────
  private url(route: string): string {
    const { profile } = this.options;
    if (profile.contractMode === 'relay') {
      return `${profile.platformUrl.replace(/\/$/, '')}/api/contractRelay${CONTRACT_BASE_PATH}${route}`;
    }
    return `${profile.contractBaseUrl.replace(/\/$/, '')}${route}`;
  }

  private headers(operation: Operation): Record<string, string> {
    const { profile, accountKey } = this.options;
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Kiosk-Auth-Key': accountKey,
      'X-Kiosk-Office-Id': profile.officeIdHeader,
    };
    if (operation.auth === 'KD') headers['X-Kiosk-Device-Id'] = profile.deviceId;
    return headers;
  }

  /** The publisher's key, parsed on first use so a client built for sign-in never fails on a bad PEM. */
  private encryptionKey(): KeyObject | null {
    if (this.publicKey === undefined) {
      const pem = this.options.profile.publisherPublicKeyPem;
      this.publicKey = pem && pem.trim() ? parsePublisherKey(pem) : null;
    }
    return this.publicKey;
  }

  /** The ten, and whatever this publisher asked to have encrypted: sealed when the profile holds the key. */
  private sealedOperation(operation: Operation): boolean {
    return operation.encrypted || this.sealedByPublisher.has(operation.name);
  }

  /** One attempt's request: sealed when the operation is and the profile holds the key, clear otherwise. */
  private prepare(operation: Operation, body: unknown): Outgoing {
    const headers = this.headers(operation);
    const publicKey = this.sealedOperation(operation) ? this.encryptionKey() : null;
    if (publicKey) return sealedAttempt(publicKey, operation.name, headers, body);
    return {
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      refused: ({ status, text }) => mapClientError({ status, rawBody: text, sealed: false, keyConfigured: this.keyConfigured }),
    };
  }

  private async call<S extends z.ZodType>(spec: CallSpec<S>): Promise<z.output<S>> {
    const { operation } = spec;
    try {
      return await this.send(spec);
    } catch (error) {
      // A publisher may encrypt beyond the contract's ten (by-ticket…): its refusal of a
      // clear call is followed once, sealed, and remembered. Never the other way round:
      // a sealed call is never repeated in clear (anti-downgrade).
      if (!this.encryptionRequired(error, operation)) return this.failed(error, operation);
      this.sealedByPublisher.add(operation.name);
      log.info('publisher asks for encryption, call repeated sealed', { operation: operation.name });
      try {
        return await this.send(spec);
      } catch (sealedError) {
        return this.failed(sealedError, operation);
      }
    }
  }

  private encryptionRequired(error: unknown, operation: Operation): boolean {
    return error instanceof ContractError && error.code === 'ENCRYPTION_REQUIRED' && this.keyConfigured && !this.sealedOperation(operation);
  }

  private send<S extends z.ZodType>({ operation, body, overrides, route }: CallSpec<S>): Promise<z.output<S>> {
    return this.http.call({
      operation: operation.name,
      method: operation.method,
      url: this.url(route),
      schema: operation.schema,
      prepare: () => this.prepare(operation, body),
      retry: overrides?.retry,
      timeoutMs: overrides?.timeoutMs,
    });
  }

  private failed(error: unknown, operation: Operation): never {
    const facts = {
      operation: operation.name,
      code: error instanceof ContractError ? error.code : 'unknown',
      httpStatus: error instanceof ContractError ? error.status : null,
    };
    // A refusal (404 of a gone appointment, 409…) is business as usual for the board;
    // an unreachable publisher or a broken answer is what a technician looks for.
    if (error instanceof ContractError && !error.retryable && error.code !== 'CONTRACT_VIOLATION') log.info('contract call refused', facts);
    else log.warn('contract call failed', facts);
    throw error;
  }
}

function observing(observe: (operation: string, json: unknown) => void) {
  return (json: unknown, call: { operation: string }): unknown => {
    observe(call.operation, json);
    return json;
  };
}
