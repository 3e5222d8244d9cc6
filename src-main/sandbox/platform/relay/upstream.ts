import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * One relayed exchange with the publisher, on node:http rather than fetch: fetch
 * would decompress answers while keeping their Content-Encoding, normalise header
 * names and refuse some of them, and the relay must hand back exactly the bytes
 * the publisher sent. Both bodies are buffered: the request to send a correct
 * Content-Length for 13.5 MB encrypted uploads, the answer so that a publisher
 * failing mid-answer still yields a clean 502 instead of a truncated 200.
 */
export interface UpstreamRequest {
  /** Absolute URL; `path` already holds the caller's raw path and query. */
  origin: URL;
  path: string;
  method: string;
  headers: OutgoingHttpHeaders;
  body: Buffer | undefined;
  timeoutMs: number;
  /** Aborted when the caller goes away: no point finishing an exchange nobody reads. */
  signal: AbortSignal;
}

export interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export class UpstreamError extends Error {
  constructor(
    readonly reason: 'timeout' | 'unreachable' | 'aborted',
    /** An error code or short reason, for the log (never request data). */
    readonly detail: string,
  ) {
    super(`publisher ${reason}`);
    this.name = 'UpstreamError';
  }
}

export function exchange(upstream: UpstreamRequest): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const send = upstream.origin.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const fail = (error: UpstreamError) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      upstream.signal.removeEventListener('abort', onAbort);
      outgoing.destroy();
      reject(error);
    };
    const outgoing = send({
      protocol: upstream.origin.protocol,
      hostname: upstream.origin.hostname,
      port: upstream.origin.port,
      path: upstream.path,
      method: upstream.method,
      headers: upstream.headers,
    });
    // One deadline for the whole exchange (connect, upload, answer): a publisher
    // that accepts the connection and never answers is as unreachable as a closed port.
    const deadline = setTimeout(() => fail(new UpstreamError('timeout', `no answer within ${upstream.timeoutMs} ms`)), upstream.timeoutMs);
    const onAbort = () => fail(new UpstreamError('aborted', 'caller went away'));
    upstream.signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', (error: NodeJS.ErrnoException) => fail(new UpstreamError('unreachable', error.code ?? error.name)));
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', (error: NodeJS.ErrnoException) => fail(new UpstreamError('unreachable', error.code ?? error.name)));
      // A connection lost mid-answer ends without `complete`: never relay half a body.
      incoming.on('close', () => {
        if (!incoming.complete) fail(new UpstreamError('unreachable', 'answer cut short'));
      });
      incoming.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        upstream.signal.removeEventListener('abort', onAbort);
        resolve({ status: incoming.statusCode ?? 502, headers: incoming.headers, body: Buffer.concat(chunks) });
      });
    });
    outgoing.end(upstream.body);
  });
}
