import { createServer, type Socket } from 'node:net';

/** A loopback server that accepts connections and never answers: for timeouts. */
export async function startHungServer() {
  const sockets = new Set<Socket>();
  // Sockets kept so closing does not wait for the client to give up.
  const server = createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
