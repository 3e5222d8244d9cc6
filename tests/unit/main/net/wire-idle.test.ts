import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeWire } from '../../../../src-main/net/wire';
import { until } from '../../../helpers/until';

/** A server that offers to keep each connection 72 s, as Fastify does, and counts those still open. */
async function generousServer(): Promise<{ url: string; open: Set<Socket>; server: http.Server }> {
  const open = new Set<Socket>();
  const server = http.createServer((_request, response) => response.end('{}'));
  server.keepAliveTimeout = 72_000;
  server.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, open, server };
}

const init = () => ({ method: 'GET', headers: {}, body: undefined, signal: new AbortController().signal, redirect: 'manual' as const });

describe('the Node wire and its connections', () => {
  let server: http.Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = null;
  });

  it("closes a connection left unused for its own limit, not the server's 72 s, and keeps the ones in use", async () => {
    const generous = await generousServer();
    server = generous.server;
    const wire = nodeWire({ idleConnectionMs: 400 });
    // Four at once: four connections, as an outage's catch-up opens them.
    const answers = await Promise.all([1, 2, 3, 4].map(() => wire(generous.url, init())));
    for (const answer of answers) await answer.text();
    expect(generous.open.size).toBe(4);
    // Then one request at a time, more often than the limit: one connection serves them.
    const keptUntil = Date.now() + 1_200;
    while (Date.now() < keptUntil) {
      await (await wire(generous.url, init())).text();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(generous.open.size).toBe(1);
    // Left alone, that one goes too.
    await until(() => generous.open.size === 0, 5_000);
  });
});
