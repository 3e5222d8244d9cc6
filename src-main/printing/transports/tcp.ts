import net from 'node:net';
import { PrinterFault, readCondition, type PrinterCondition } from '../status';
import type { PrinterTransport } from './transport';

export interface TcpOptions {
  host: string;
  port: number;
  connectTimeoutMs?: number;
  /** How long a `DLE EOT` answer may take; printers answer within a few ms. */
  answerTimeoutMs?: number;
  writeTimeoutMs?: number;
  /** The socket is closed after this long unused, so other desks sharing the printer get their turn. */
  idleCloseMs?: number;
}

/**
 * Raw TCP (port 9100). One socket carries the job and the `DLE EOT` status questions.
 * Receipt printers serve one connection at a time, so the socket is opened on demand,
 * closed after a short idle time (a shared printer stays usable by other desks) and
 * dropped on any error, so an unplugged printer is reconnected at the next call.
 */
export class TcpTransport implements PrinterTransport {
  private socket: net.Socket | null = null;
  private received: number[] = [];
  private waiter: (() => void) | null = null;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: TcpOptions) {}

  get description(): string {
    return `tcp://${this.options.host}:${this.options.port}`;
  }

  async open(): Promise<void> {
    if (this.socket && !this.socket.destroyed) return;
    this.socket = await this.connect();
  }

  /** Runs one operation on the socket; the idle countdown starts only once it is over. */
  private async use<T>(operation: () => Promise<T>): Promise<T> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    try {
      return await operation();
    } finally {
      this.idleTimer = setTimeout(() => void this.close(), this.options.idleCloseMs ?? 2_000);
      this.idleTimer.unref();
    }
  }

  write(bytes: Uint8Array): Promise<void> {
    return this.use(() => this.send(bytes));
  }

  status(): Promise<PrinterCondition> {
    return this.use(() => this.readStatus());
  }

  private async send(bytes: Uint8Array): Promise<void> {
    await this.open();
    const socket = this.socket!;
    const timeoutMs = this.options.writeTimeoutMs ?? 10_000;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(new PrinterFault('writeFailed', `no write progress within ${timeoutMs} ms`)), timeoutMs);
      const fail = (error: Error) => {
        clearTimeout(timer);
        socket.off('close', onClose);
        this.drop();
        reject(error instanceof PrinterFault ? error : new PrinterFault('writeFailed', errorCode(error)));
      };
      const onClose = () => fail(new PrinterFault('writeFailed', 'connection closed during the job'));
      socket.once('close', onClose);
      socket.write(bytes, (error) => {
        if (error) return fail(error);
        clearTimeout(timer);
        socket.off('close', onClose);
        resolve();
      });
    });
  }

  private async readStatus(): Promise<PrinterCondition> {
    const reused = this.socket !== null && !this.socket.destroyed;
    await this.open();
    try {
      return await readCondition((query) => this.ask(query));
    } catch (error) {
      // A kept-open connection the printer dropped meanwhile (reboot, unplug): ask once on a new one.
      if (!reused) throw error;
      this.drop();
      await this.open();
      return readCondition((query) => this.ask(query));
    }
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (!socket || socket.destroyed) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.end();
      setTimeout(() => socket.destroy(), 500).unref();
    });
  }

  private connect(): Promise<net.Socket> {
    const { host, port } = this.options;
    const timeoutMs = this.options.connectTimeoutMs ?? 3_000;
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port });
      socket.setNoDelay(true);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new PrinterFault('networkTimeout', `${host}:${port} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(new PrinterFault(error.code === 'ECONNREFUSED' ? 'networkRefused' : 'networkUnreachable', `${host}:${port} ${errorCode(error)}`));
      });
      socket.once('connect', () => {
        clearTimeout(timer);
        this.received = [];
        socket.removeAllListeners('error');
        socket.on('error', () => this.drop());
        socket.on('close', () => {
          if (this.socket === socket) this.socket = null;
          this.waiter?.();
        });
        socket.on('data', (chunk: Buffer) => {
          this.received.push(...chunk);
          this.waiter?.();
        });
        resolve(socket);
      });
    });
  }

  private async ask(query: Uint8Array): Promise<number> {
    const socket = this.socket;
    if (!socket) throw new PrinterFault('noAnswer', 'connection closed');
    // Anything left over belongs to an earlier, abandoned question.
    this.received = [];
    socket.write(query);
    const timeoutMs = this.options.answerTimeoutMs ?? 1_500;
    const deadline = Date.now() + timeoutMs;
    while (this.received.length === 0) {
      if (!this.socket || this.socket.destroyed) throw new PrinterFault('noAnswer', 'connection closed while asking for status');
      const left = deadline - Date.now();
      if (left <= 0) {
        this.drop();
        throw new PrinterFault('noAnswer', `no status answer within ${timeoutMs} ms`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = null;
    }
    return this.received.shift()!;
  }

  private drop(): void {
    this.socket?.destroy();
    this.socket = null;
  }
}

function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ?? (error instanceof Error ? error.message : 'unknown error');
}
