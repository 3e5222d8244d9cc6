import { createServer, request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { installFaults, noFaults } from '../../../../../src-main/sandbox/faults';
import { registerRelay } from '../../../../../src-main/sandbox/platform/relay';
import { registerTicketServices, type TicketServiceOptions } from '../../../../../src-main/sandbox/platform/tickets';
import { seedWorld } from '../../../../../src-main/sandbox/world/seed';
import type { PlatformWorld } from '../../../../../src-main/sandbox/world/types';
import { SANDBOX_ACCOUNT_KEY, SANDBOX_LICENCE_UUID, SANDBOX_SECOND_ACCOUNT_KEY, SANDBOX_SECOND_LICENCE_UUID } from '../../../../../src-main/sandbox/world/accounts';

/** The training day's moment every suite runs at; the clock only moves when a test moves it. */
export const FIXED_NOW = new Date('2026-11-23T10:30:00');
export const KEY = SANDBOX_ACCOUNT_KEY;
export const LICENCE = SANDBOX_LICENCE_UUID;
export const OTHER_KEY = SANDBOX_SECOND_ACCOUNT_KEY;
export const OTHER_LICENCE = SANDBOX_SECOND_LICENCE_UUID;

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

export interface PlatformOptions extends Partial<Omit<TicketServiceOptions, 'world' | 'now'>> {
  relayTimeoutMs?: number;
  /** Changes the seeded world before the services start. */
  prepare?: (world: PlatformWorld) => void;
}

export type Platform = Awaited<ReturnType<typeof startPlatform>>;

/** Ticket services + relay on a real socket (127.0.0.1, port 0), with a fixed, movable clock. */
export async function startPlatform(options: PlatformOptions = {}) {
  const world = seedWorld({ now: FIXED_NOW }).platform;
  options.prepare?.(world);
  const clock = { now: new Date(FIXED_NOW) };
  const app = Fastify({ logger: false });
  const faults = noFaults();
  installFaults(app, faults);
  const { relayTimeoutMs, prepare: _prepare, ...ticketOptions } = options;
  const tickets = registerTicketServices(app, { world, now: () => clock.now, ...ticketOptions });
  registerRelay(app, { world, timeoutMs: relayTimeoutMs ?? 5_000 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  async function call(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, text, body };
  }

  return {
    url,
    app,
    world,
    clock,
    faults,
    tickets,
    call,
    /** A ticket service call as a publisher or desk makes it: raw key, licenceUuid in the body. */
    post: (path: string, body: Record<string, unknown>, key: string = KEY) =>
      call('POST', path, { body: { licenceUuid: LICENCE, ...body }, headers: { Authorization: key } }),
    close: () => app.close(),
  };
}

// ── Server-Sent Events reader ───────────────────────────────────────────────────
export interface SseFrame {
  id?: string;
  event: string;
  data: string;
}

/**
 * A raw text/event-stream client on node:http: it records frames and comments as
 * they arrive and can cut the connection like a network drop would.
 */
export function openEvents(url: string, headers: Record<string, string>) {
  const frames: SseFrame[] = [];
  const comments: string[] = [];
  let buffer = '';
  let status = 0;
  let responseHeaders: IncomingHttpHeaders = {};
  let ended = false;
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  let req: ClientRequest | undefined;
  const opened = new Promise<void>((resolve, reject) => {
    req = httpRequest(url, { headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
      status = res.statusCode ?? 0;
      responseHeaders = res.headers;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: SseFrame = { event: 'message', data: '' };
          let isFrame = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              comments.push(line.slice(1).trim());
              continue;
            }
            const [, field, value] = /^(id|event|data): (.*)$/.exec(line) ?? [];
            if (field === undefined || value === undefined) continue;
            isFrame = true;
            if (field === 'id') frame.id = value;
            else if (field === 'event') frame.event = value;
            else frame.data += value;
          }
          if (isFrame) frames.push(frame);
        }
        notify();
      });
      res.on('end', () => {
        ended = true;
        notify();
      });
      res.on('error', () => undefined);
      resolve();
    });
    req.on('error', reject);
    req.end();
  });

  const stream = {
    frames,
    comments,
    opened,
    get status() {
      return status;
    },
    get headers() {
      return responseHeaders;
    },
    get ended() {
      return ended;
    },
    /** Ticket events only. */
    tickets: () => frames.filter((frame) => frame.event === 'ticket'),
    /** Drops the connection, as a network cut would. */
    cut: () => void req?.destroy(),
    /** Resolves when the predicate holds, or rejects after the timeout. */
    until(predicate: () => boolean, timeoutMs = 3_000): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate()) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`SSE condition not met within ${timeoutMs} ms (${frames.length} frames)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
  return stream;
}

/** Lets the event loop run: for "nothing more arrived" assertions. */
export const settle = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));

// ── a publisher stand-in that records raw bytes ────────────────────────────────
export interface RawReceived {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Records each request's exact bytes and answers with the given status, headers and bytes. */
export async function startRawRecorder(answer: { status: number; headers: Record<string, string>; body: Buffer }) {
  const received: RawReceived[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
