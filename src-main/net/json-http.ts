import type { z } from 'zod';
import type { Logger } from '../log';
import { decodeJson, fieldPaths } from './json-answer';
import { CONTRACT_RETRY_POLICY, withRetry, type RetryDeps, type RetryPolicy } from './retry';
import { answeredUsably, NetworkFailure, send, type HttpAnswer, type HttpMethod } from './transport';

export type { HttpAnswer, HttpMethod } from './transport';
export { NetworkFailure } from './transport';

/** What a hook knows of the call it maps a failure for. Never ids, bodies or keys. */
export interface CallFacts {
  /** The safe name of the call (no ids, no e-mails): what messages and logs say. */
  operation: string;
  attempt: number;
  timeoutMs: number;
}

/** A 2xx the desk cannot use: not JSON, or not the schema's shape (`fields` names paths, never values). */
export interface Violation {
  status: number;
  reason: 'notJson' | 'wrongShape';
  fields: string | null;
}

/**
 * How one service names its failures, and how it reads its answers. The core decides
 * what is retried (network errors and 5xx, never 3xx/4xx); the hooks decide the error.
 */
export interface JsonHttpHooks {
  /** No answer (network error, timeout). Retried. */
  unreachable(failure: NetworkFailure, call: CallFacts): Error;
  /** A 5xx. Retried. */
  failed(answer: HttpAnswer, call: CallFacts): Error;
  /** A 3xx or 4xx. Never retried. */
  refused(answer: HttpAnswer, call: CallFacts): Error;
  /** A 2xx that is not JSON or not the schema's shape. Never retried. */
  violation(violation: Violation, call: CallFacts): Error;
  /**
   * Applied to the decoded JSON before the zod parse. Identity by default: the desk's
   * services read tolerantly in their schemas (src-shared/publisher/tolerant.ts), where
   * each field's one "no value" is known; a blind rewrite here would also touch
   * `vendorData` and fields where `null` means something (a global setting).
   */
  tolerate?(json: unknown, call: CallFacts): unknown;
}

/** What goes out on one attempt, and how that attempt's answer is read back. */
export interface Outgoing {
  headers: Record<string, string>;
  body: string | undefined;
  /** The JSON text of a 2xx answer (the publisher opens its envelope here); the body as received by default. */
  open?: (answer: HttpAnswer) => string;
  /** This attempt's meaning of a 3xx/4xx, instead of the service's (per-call codes, the token it sent). */
  refused?: (answer: HttpAnswer, call: CallFacts) => Error;
}

export interface JsonCall<S extends z.ZodType> {
  operation: string;
  method: HttpMethod;
  url: string;
  schema: S;
  headers?: Record<string, string>;
  /** Sent as JSON text; undefined sends no body. */
  body?: unknown;
  /**
   * Builds the request afresh on every attempt, instead of `headers`/`body`: a sealed
   * body needs a new session key per attempt, a token must be the one of the moment.
   */
  prepare?: () => Outgoing;
  retry?: RetryPolicy;
  timeoutMs?: number;
}

export interface JsonHttpOptions {
  hooks: JsonHttpHooks;
  /** Per attempt: a hung server is cut here and the attempt counts as unanswered. */
  timeoutMs: number;
  /** Default policy of the service's calls (a call may bring its own). */
  retry?: RetryPolicy;
  /** Clock, sleep and jitter of the retry loop (tests). */
  retryDeps?: RetryDeps;
  /** Told after every attempt whether the server answered usably (false: network error or 5xx). */
  onReachability?: (reachable: boolean) => void;
  /** Told of every answer with when its request left and when it came back (the platform's clock is read from its `Date`). */
  onAnswer?: (answer: HttpAnswer, sentAt: number, receivedAt: number) => void;
  /** Where failed attempts are noted (debug): codes and counts only. */
  log?: Logger;
}

/**
 * The desk's one JSON-over-HTTP client: per-attempt timeout, no redirects, the contract's
 * retry policy (network errors and 5xx retried with backoff, 3xx/4xx never), reachability
 * reports, tolerant reading and zod validation of every answer. Services plug in their
 * URLs, headers, sealing and error vocabulary; nothing here logs a body, a key or an id.
 */
export class JsonHttp {
  constructor(private readonly options: JsonHttpOptions) {}

  call<S extends z.ZodType>(call: JsonCall<S>): Promise<z.output<S>> {
    // The failures this call may retry, marked where they are made: the policy stays here,
    // whatever error classes the hooks choose.
    const retryable = new WeakSet<Error>();
    return withRetry(
      (attempt) => this.attempt(call, attempt, retryable),
      (error) => error instanceof Error && retryable.has(error),
      call.retry ?? this.options.retry ?? CONTRACT_RETRY_POLICY,
      this.options.retryDeps,
    );
  }

  private async attempt<S extends z.ZodType>(call: JsonCall<S>, attempt: number, retryable: WeakSet<Error>): Promise<z.output<S>> {
    const { hooks, onReachability, log } = this.options;
    const facts: CallFacts = { operation: call.operation, attempt, timeoutMs: call.timeoutMs ?? this.options.timeoutMs };
    const outgoing: Outgoing = call.prepare
      ? call.prepare()
      : { headers: call.headers ?? {}, body: call.body === undefined ? undefined : JSON.stringify(call.body) };
    let answer: HttpAnswer;
    const sentAt = Date.now();
    try {
      answer = await send({ method: call.method, url: call.url, headers: outgoing.headers, body: outgoing.body, timeoutMs: facts.timeoutMs });
    } catch (error) {
      if (!(error instanceof NetworkFailure)) throw error;
      onReachability?.(false);
      log?.debug('attempt without answer', { operation: call.operation, attempt, cause: error.timedOut ? 'timeout' : error.code });
      throw marked(retryable, hooks.unreachable(error, facts));
    }
    this.options.onAnswer?.(answer, sentAt, Date.now());
    onReachability?.(answeredUsably(answer.status));
    if (answer.status >= 500) {
      log?.debug('attempt failed', { operation: call.operation, attempt, httpStatus: answer.status });
      throw marked(retryable, hooks.failed(answer, facts));
    }
    if (answer.status >= 300) throw (outgoing.refused ?? hooks.refused)(answer, facts);
    return this.read(call.schema, outgoing.open ? outgoing.open(answer) : answer.text, answer.status, facts);
  }

  private read<S extends z.ZodType>(schema: S, text: string, status: number, facts: CallFacts): z.output<S> {
    const { hooks } = this.options;
    const decoded = decodeJson(text);
    if (!decoded.ok) throw hooks.violation({ status, reason: 'notJson', fields: null }, facts);
    const parsed = schema.safeParse(hooks.tolerate ? hooks.tolerate(decoded.value, facts) : decoded.value);
    if (!parsed.success) throw hooks.violation({ status, reason: 'wrongShape', fields: fieldPaths(parsed.error) }, facts);
    return parsed.data;
  }
}

function marked(retryable: WeakSet<Error>, error: Error): Error {
  retryable.add(error);
  return error;
}
