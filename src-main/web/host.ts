import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventName } from '../../src-shared/ipc/channels';
import { PREVIEW_API, PREVIEW_EVENT, PREVIEW_TOKEN_HEADER, PREVIEW_TOKEN_PARAM } from '../../src-shared/preview/protocol';
import { fail } from '../../src-shared/result';
import type { DeskPorts } from '../starting-desk';
import { logger } from '../log';
import { CSP_HEADER } from '../security/csp';
import { readRendererFile } from './static';

const log = logger('preview-host');
const MAX_BODY_BYTES = 1024 * 1024;

export interface PreviewHostOptions {
  dispatch: DeskPorts['dispatch'];
  events: DeskPorts['events'];
  rendererDir: string;
  port?: number;
  token?: string;
}

export interface RunningPreviewHost {
  url: string;
  /** The URL to open: carries the per-run token the bridge needs. */
  openUrl: string;
  token: string;
  close(): Promise<void>;
}

/**
 * The browser preview host: the built renderer plus the desk's exact handler table
 * on 127.0.0.1, for tests and for machines where Electron cannot run. Every API
 * call needs the per-run token; the Host header is checked against DNS rebinding.
 */
export async function startPreviewHost(options: PreviewHostOptions): Promise<RunningPreviewHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const streams = new Set<ServerResponse>();
  let port = 0;

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log.error('request failed', { error: error instanceof Error ? error.name : typeof error });
      if (!response.headersSent) sendJson(response, 500, fail({ code: 'INTERNAL', message: 'Preview host error.' }));
      else response.end();
    });
  });

  const unsubscribe = options.events.subscribe((event: EventName, payload: unknown) => {
    const frame = `event: ${PREVIEW_EVENT}\ndata: ${JSON.stringify({ event, payload })}\n\n`;
    for (const stream of streams) stream.write(frame);
  });
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': heartbeat\n\n');
  }, 15_000);
  heartbeat.unref();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (!hostAllowed(request.headers.host, port)) {
      response.writeHead(421).end();
      return;
    }
    if (url.pathname.startsWith(PREVIEW_API.ipc)) {
      if (request.method !== 'POST') return void response.writeHead(405, { Allow: 'POST' }).end();
      if (!tokenMatches(request.headers[PREVIEW_TOKEN_HEADER], token)) {
        return sendJson(response, 401, fail({ code: 'UNAUTHORIZED', message: 'Missing or wrong preview token.' }));
      }
      const channel = url.pathname.slice(PREVIEW_API.ipc.length);
      const body = await readJson(request);
      if (!body.ok) return sendJson(response, 400, fail({ code: 'BAD_REQUEST', message: body.message }));
      const request_ = (body.value as { request?: unknown } | null)?.request;
      return sendJson(response, 200, await options.dispatch(channel, request_));
    }
    if (url.pathname === PREVIEW_API.events) {
      if (!tokenMatches(url.searchParams.get(PREVIEW_TOKEN_PARAM) ?? undefined, token)) {
        return sendJson(response, 401, fail({ code: 'UNAUTHORIZED', message: 'Missing or wrong preview token.' }));
      }
      response.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      response.write(': connected\n\n');
      streams.add(response);
      request.on('close', () => streams.delete(response));
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return void response.writeHead(405).end();
    const file = await readRendererFile(options.rendererDir, url.pathname);
    if (!file) return void response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    response.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Security-Policy': CSP_HEADER,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    response.end(request.method === 'HEAD' ? undefined : file.body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openUrl: `${url}/?${PREVIEW_TOKEN_PARAM}=${token}`,
    token,
    async close() {
      clearInterval(heartbeat);
      unsubscribe();
      for (const stream of streams) stream.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function hostAllowed(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

function tokenMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return { ok: false, message: 'Request too large.' };
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, message: 'Request body is not JSON.' };
  }
}
