import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Destroy the socket without answering: a dropped connection. */
  drop?: boolean;
}

/**
 * A loopback HTTP server that answers from a script, one reply per request (the
 * last one repeats), and records what it received: for the cases the sandbox
 * cannot be asked to produce (garbage JSON, wrong types, dropped sockets).
 */
export async function startScriptedServer(script: ScriptedReply[]) {
  const received: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const reply = script[Math.min(received.length - 1, script.length - 1)]!;
      if (reply.drop) {
        request.socket.destroy();
        return;
      }
      response.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
      response.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
