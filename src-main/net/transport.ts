import { failureOf } from './failure';
import { wire } from './wire';

export { NetworkFailure, type FailureKind } from './failure';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface WireRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  /** Already encoded (JSON text or a sealed envelope); undefined sends no body. */
  body: string | undefined;
  timeoutMs: number;
}

/** Any answer the server gave, whatever its status: status mapping is the caller's. */
export interface HttpAnswer {
  status: number;
  text: string;
  /** A response header by case-insensitive name, or null. */
  header(name: string): string | null;
}

/** A server that answers below 500 is up, even when it refuses; a 5xx or no answer is not. */
export function answeredUsably(status: number): boolean {
  return status < 500;
}

/**
 * One exchange, bounded in time, on the runtime's wire (wire.ts). No redirects: a 401 must
 * never become a login page, and a redirect is a fault of the far side. Every status is an
 * answer and the body stays text, so each service decides how to read it. Throws
 * NetworkFailure when nothing came back, nothing else.
 */
export async function send(request: WireRequest): Promise<HttpAnswer> {
  // The signal bounds the whole exchange, body included: a server trickling bytes is cut as surely as a silent one.
  // Its timer goes with the exchange: an AbortSignal.timeout outlives it and fires all the same, building a
  // DOMException and its stack for every request long answered (3.3 ms a second of a busy desk's main, soak 2026-12-06).
  const controller = new AbortController();
  const timer = setTimeout(function exchangeTimedOut() {
    controller.abort(new DOMException('The exchange took longer than its time limit.', 'TimeoutError'));
  }, request.timeoutMs);
  const { signal } = controller;
  try {
    const response = await wire()(request.url, { method: request.method, headers: request.headers, body: request.body, signal, redirect: 'manual' });
    const text = await response.text();
    return { status: response.status, text, header: (name) => response.headers.get(name) };
  } catch (error) {
    throw failureOf(signal.aborted ? signal.reason : error, request.url);
  } finally {
    clearTimeout(timer);
  }
}

/** An answer whose body is read as it comes (the live ticket events). */
export interface OpenStream {
  status: number;
  /** A response header by case-insensitive name, or null. */
  header(name: string): string | null;
  /** The body's chunks as they arrive; ends when the server closes, throws when the connection drops. */
  body: AsyncIterable<Uint8Array>;
}

/**
 * Opens a long-lived GET on the same wire as every other exchange (same proxy, same CAs).
 * `signal` ends it; it has no time limit of its own, its reader watches for silence.
 */
export async function openStream(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<OpenStream> {
  try {
    const response = await wire()(url, { method: 'GET', headers, body: undefined, signal, redirect: 'manual' });
    const body = response.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
    return { status: response.status, header: (name) => response.headers.get(name), body: body as unknown as AsyncIterable<Uint8Array> };
  } catch (error) {
    throw failureOf(error, url);
  }
}
