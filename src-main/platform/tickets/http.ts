import axios, { isAxiosError, type AxiosInstance } from 'axios';
import type { z } from 'zod';
import { DeskError, isDeskError } from '../../../src-shared/errors';
import { TICKET_SERVICE_TIMEOUT_MS } from '../../../src-shared/platform/tickets';
import { logger } from '../../log';
import { CONTRACT_RETRY_POLICY, withRetry, type RetryDeps, type RetryPolicy } from '../../net/retry';
import { isTransientPlatformError, TransientPlatformError } from '../transient';

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
}


/**
 * The ticket services' transport: raw-key `Authorization`, `licenceUuid` added to
 * every body (and query), 8 s per attempt, the contract's retry policy (network
 * errors and 5xx with backoff, 4xx never), and every answer validated with zod.
 * Failures are `DeskError`s whose message is safe to show; nothing logs a body.
 */
export class PlatformHttp {
  private readonly http: AxiosInstance;

  constructor(private readonly options: PlatformHttpOptions) {
    this.http = axios.create({
      baseURL: options.platformUrl.replace(/\/+$/, ''),
      validateStatus: () => true,
      maxRedirects: 0,
      headers: { Authorization: options.accountKey, 'Content-Type': 'application/json' },
    });
  }

  get licenceUuid(): string {
    return this.options.licenceUuid;
  }

  get baseUrl(): string {
    return this.options.platformUrl.replace(/\/+$/, '');
  }

  get accountKey(): string {
    return this.options.accountKey;
  }

  post<S extends z.ZodType>(path: string, body: Record<string, unknown>, schema: S, retry?: RetryPolicy): Promise<z.output<S>> {
    return this.call('POST', path, { licenceUuid: this.options.licenceUuid, ...body }, schema, retry);
  }

  get<S extends z.ZodType>(path: string, query: Record<string, string | number>, schema: S): Promise<z.output<S>> {
    const search = new URLSearchParams({ licenceUuid: this.options.licenceUuid });
    for (const [key, value] of Object.entries(query)) search.set(key, String(value));
    return this.call('GET', `${path}?${search.toString()}`, undefined, schema);
  }

  private call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schema: S,
    retry: RetryPolicy = this.options.retry ?? CONTRACT_RETRY_POLICY,
  ): Promise<z.output<S>> {
    const service = path.split('?')[0]?.split('/').pop() ?? path;
    return withRetry(() => this.attempt(method, path, body, schema, service), isTransientPlatformError, retry, this.options.retryDeps);
  }

  private async attempt<S extends z.ZodType>(method: string, path: string, body: unknown, schema: S, service: string): Promise<z.output<S>> {
    const timeoutMs = this.options.timeoutMs ?? TICKET_SERVICE_TIMEOUT_MS;
    let response;
    try {
      response = await this.http.request({ method, url: path, data: body, timeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      this.options.onReachability?.(false);
      const cause = isAxiosError(error) ? (error.code ?? 'network') : 'network';
      throw new TransientPlatformError(`The platform did not answer ${service} (${cause}).`);
    }
    const { status } = response;
    if (status >= 500) {
      this.options.onReachability?.(false);
      throw new TransientPlatformError(`The platform failed on ${service} (HTTP ${status}).`);
    }
    this.options.onReachability?.(true);
    if (status === 401) throw new DeskError('PLATFORM_KEY_REFUSED', `The platform refused this desk's account key on ${service}.`);
    if (status >= 400) throw new DeskError('PLATFORM_ERROR', `The platform refused ${service} (HTTP ${status}).`);
    const parsed = schema.safeParse(response.data);
    if (!parsed.success) {
      throw new DeskError('CONTRACT_VIOLATION', `The platform answered ${service} in an unexpected form.`);
    }
    return parsed.data;
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
