import type { z } from 'zod';
import { DeskError, isDeskError } from '../../../src-shared/errors';
import { deskRefusalSchema } from '../../../src-shared/platform/desks';
import { callConflictSchema, TICKET_SERVICE_TIMEOUT_MS, type DeskTicket } from '../../../src-shared/platform/tickets';
import { logger } from '../../log';
import { JsonHttp, type JsonHttpOptions } from '../../net/json-http';
import type { RetryDeps, RetryPolicy } from '../../net/retry';
import { PLATFORM_FAILURES, platformRefusal } from '../failures';
import { ticketServiceHeaders, ticketServiceUrl } from './endpoint';

const log = logger('platform');

export interface PlatformHttpOptions {
  platformUrl: string;
  licenceUuid: string;
  /** Sent raw in `Authorization` (no Bearer prefix), as the ticket services expect. */
  accountKey: string;
  timeoutMs?: number;
  retry?: RetryPolicy;
  retryDeps?: RetryDeps;
  /** Told after every attempt whether the platform answered usably. */
  onReachability?: (reachable: boolean) => void;
  /** Told of every answer (the platform's clock is read from its `Date` header). */
  onAnswer?: JsonHttpOptions['onAnswer'];
}

/**
 * A 404 from the ticket services: the platform has no such route, which for this
 * project's desk extensions means "not offered" (docs/desk-extensions.md).
 */
export class PlatformRouteMissing extends DeskError {
  constructor(operation: string) {
    super('PLATFORM_ERROR', `The platform does not offer ${operation} (HTTP 404).`);
  }
}

export function isNotOffered(error: unknown): boolean {
  return error instanceof PlatformRouteMissing;
}

/** A 409 that brings the ticket as it is now: a compare-and-set call lost to another desk or a change. */
export class TicketConflict extends DeskError {
  constructor(
    operation: string,
    readonly ticket: DeskTicket,
  ) {
    super('TICKET_CHANGED', `The ticket changed before ${operation} (HTTP 409).`);
  }
}

/** A transfer refused because the receiving desk is not present (desk extension, RECEIVING_DESK_ABSENT). */
export class ReceivingDeskAbsent extends DeskError {
  constructor() {
    super('BOARD_DESK_SILENT', 'That desk has not announced itself lately: the patient stays at this desk.');
  }
}

function isDeskAbsentRefusal(text: string): boolean {
  try {
    return deskRefusalSchema.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

function conflictTicket(text: string): DeskTicket | null {
  try {
    const parsed = callConflictSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.ticket : null;
  } catch {
    return null;
  }
}

const ticketServiceRefusal = platformRefusal((answer, { operation }) => {
  const { status } = answer;
  if (status === 401) return new DeskError('PLATFORM_KEY_REFUSED', `The platform refused this desk's account key on ${operation}.`);
  if (status === 404) return new PlatformRouteMissing(operation);
  if (status === 409 && isDeskAbsentRefusal(answer.text)) return new ReceivingDeskAbsent();
  const current = status === 409 ? conflictTicket(answer.text) : null;
  if (current) return new TicketConflict(operation, current);
  return new DeskError('PLATFORM_ERROR', `The platform refused ${operation} (HTTP ${status}).`);
});

/**
 * The ticket services' transport: raw-key `Authorization`, `licenceUuid` added to
 * every body (and query), 8 s per attempt, and the JSON core's retry policy and
 * validation. Failures are `DeskError`s whose message is safe to show; nothing logs a body.
 */
export class PlatformHttp {
  private readonly http: JsonHttp;

  constructor(private readonly options: PlatformHttpOptions) {
    this.http = new JsonHttp({
      hooks: { ...PLATFORM_FAILURES, refused: ticketServiceRefusal },
      timeoutMs: options.timeoutMs ?? TICKET_SERVICE_TIMEOUT_MS,
      retry: options.retry,
      retryDeps: options.retryDeps,
      onReachability: options.onReachability,
      onAnswer: options.onAnswer,
      log,
    });
  }

  post<S extends z.ZodType>(path: string, body: Record<string, unknown>, schema: S, retry?: RetryPolicy): Promise<z.output<S>> {
    return this.call(ticketServiceUrl(this.options, path), path, schema, { licenceUuid: this.options.licenceUuid, ...body }, retry);
  }

  /** PUT on a resource of the ticket services (the desk announce): the licence in the body, as for a POST. */
  put<S extends z.ZodType>(path: string, operation: string, body: Record<string, unknown>, schema: S, retry?: RetryPolicy): Promise<z.output<S>> {
    return this.call(ticketServiceUrl(this.options, path), operation, schema, { licenceUuid: this.options.licenceUuid, ...body }, retry, 'PUT');
  }

  /** GET with the licence and the query in the URL; `timeoutMs` shortens the wait (a liveness check). */
  get<S extends z.ZodType>(path: string, query: Record<string, string | number>, schema: S, retry?: RetryPolicy, timeoutMs?: number): Promise<z.output<S>> {
    return this.call(ticketServiceUrl(this.options, path, query), path.split('/').pop() ?? path, schema, undefined, retry, 'GET', timeoutMs);
  }

  private call<S extends z.ZodType>(
    url: string,
    path: string,
    schema: S,
    body: unknown,
    retry?: RetryPolicy,
    method: 'POST' | 'PUT' | 'GET' = 'POST',
    timeoutMs?: number,
  ): Promise<z.output<S>> {
    const headers = { ...ticketServiceHeaders(this.options), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
    // Messages and logs name the service (the path's last segment), never the query.
    return this.http.call({ operation: path.split('/').pop() ?? path, method, url, headers, body, schema, retry, ...(timeoutMs ? { timeoutMs } : {}) });
  }
}

/**
 * Runs a platform call whose failure must never block a desk action (the spec's
 * "best effort" services): the failure is logged without data and `fallback` returned.
 */
export async function bestEffort<T>(service: string, call: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    log.warn('best-effort platform call failed', { service, code: isDeskError(error) ? error.code : 'INTERNAL' });
    return fallback;
  }
}
