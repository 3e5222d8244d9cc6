import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { readEscPos, visibleText, type ReadTicket } from './escpos-reader';

export type PaperState = 'ok' | 'nearEnd' | 'out';

/**
 * A receipt printer on loopback TCP (the port-9100 protocol): it answers `DLE EOT 1/2/4`
 * at once like a real ESC/POS printer (online, cover open, paper near end / out), keeps
 * job bytes in its buffer while it cannot print and prints them when fixed, and can be
 * "unplugged" (every connection cut, new ones refused) — also in the middle of a job.
 */
export class PrinterEmulator {
  paper: PaperState = 'ok';
  coverOpen = false;
  /** Never answers status questions (a wedged printer). */
  mute = false;
  /** Job bytes that came out on paper. */
  private printedBytes: number[] = [];
  /** Every byte that arrived, in order, as it came (status questions included). */
  private wire: number[] = [];
  /** Job bytes received while the printer could not print. */
  private held: number[] = [];
  private unplugged = false;
  /** Cuts the connection once this many job bytes arrived (unplugged mid-job). */
  private cutAfter: number | null = null;
  private paperLeft: number | null = null;
  private readonly sockets = new Set<net.Socket>();
  connections = 0;
  statusQuestions = 0;
  /** Told when job bytes (not status questions) arrive, with performance.now(): for the reprint bench. */
  onJobData: ((at: number) => void) | null = null;

  private constructor(private readonly server: net.Server) {}

  static async start(): Promise<PrinterEmulator> {
    const server = net.createServer();
    const emulator = new PrinterEmulator(server);
    server.on('connection', (socket) => emulator.accept(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return emulator;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get openConnections(): number {
    return this.sockets.size;
  }

  get canPrint(): boolean {
    return this.paper !== 'out' && !this.coverOpen && !this.unplugged;
  }

  /** Paper or cover changes; a printer that can print again prints what it holds. */
  set(state: { paper?: PaperState; coverOpen?: boolean }): void {
    if (state.paper) this.paper = state.paper;
    if (state.coverOpen !== undefined) this.coverOpen = state.coverOpen;
    this.release();
  }

  unplug(): void {
    this.unplugged = true;
    for (const socket of this.sockets) socket.destroy();
  }

  plugIn(): void {
    this.unplugged = false;
    this.release();
  }

  /** The roll ends after `bytes` more job bytes: the rest waits in the buffer for new paper. */
  runOutAfter(bytes: number): void {
    this.paperLeft = bytes;
  }

  /** The next job is cut (connection dropped, printer unplugged) after `bytes` of it arrived. */
  unplugAfter(bytes: number): void {
    this.cutAfter = bytes;
  }

  /** Every byte that arrived on any connection, unparsed: what a print path delivered. */
  receivedBytes(): Buffer {
    return Buffer.from(this.wire);
  }

  /** Complete tickets that came out (one per cut), read back to text. */
  tickets(): ReadTicket[] {
    const all = Uint8Array.from(this.printedBytes);
    const tickets: ReadTicket[] = [];
    let start = 0;
    for (let i = 0; i < all.length - 2; i += 1) {
      // GS V m (n): the cut ends a ticket; a job torn by an unplug has none and is not a ticket.
      if (all[i] === 0x1d && all[i + 1] === 0x56) {
        const end = i + (all[i + 2]! >= 65 ? 4 : 3);
        tickets.push(readEscPos(all.subarray(this.ticketStart(all, start), end)));
        start = end;
      }
    }
    return tickets;
  }

  /** Each printed ticket's number line (the double-size text). */
  numbers(): string[] {
    return this.tickets().map((ticket) => ticket.lines.find((line) => line.size === 2)?.text.trim() ?? '');
  }

  texts(): string[][] {
    return this.tickets().map(visibleText);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A ticket starts at its last `ESC @`: bytes before it are the torn rest of an unplugged job. */
  private ticketStart(all: Uint8Array, from: number): number {
    let last = from;
    for (let i = from; i < all.length - 1; i += 1) {
      if (all[i] === 0x1d && all[i + 1] === 0x56) break;
      if (all[i] === 0x1b && all[i + 1] === 0x40) last = i;
    }
    return last;
  }

  private accept(socket: net.Socket): void {
    if (this.unplugged) {
      socket.destroy();
      return;
    }
    this.connections += 1;
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let carry: number[] = [];
    let jobBytes = 0;
    socket.on('data', (chunk: Buffer) => {
      const at = performance.now();
      this.wire.push(...chunk);
      const bytes = [...carry, ...chunk];
      carry = [];
      for (let i = 0; i < bytes.length; i += 1) {
        if (bytes[i] === 0x10 && (i + 1 >= bytes.length || bytes[i + 1] === 0x04)) {
          if (i + 2 >= bytes.length) {
            carry = bytes.slice(i);
            break;
          }
          this.answer(socket, bytes[i + 2]!);
          i += 2;
          continue;
        }
        if (this.cutAfter !== null && jobBytes >= this.cutAfter) {
          this.cutAfter = null;
          this.unplug();
          return;
        }
        if (jobBytes === 0 || i === 0) this.onJobData?.(at);
        jobBytes += 1;
        if (this.paperLeft !== null && this.paperLeft-- <= 0) {
          this.paperLeft = null;
          this.paper = 'out';
        }
        (this.canPrint ? this.printedBytes : this.held).push(bytes[i]!);
      }
    });
  }

  private answer(socket: net.Socket, n: number): void {
    this.statusQuestions += 1;
    if (this.mute) return;
    const out = this.paper === 'out';
    let value = 0x12;
    if (n === 1 && (out || this.coverOpen)) value |= 0x08;
    if (n === 2) value |= (this.coverOpen ? 0x04 : 0) | (out ? 0x20 : 0);
    if (n === 4) value |= (this.paper !== 'ok' ? 0x0c : 0) | (out ? 0x60 : 0);
    socket.write(Uint8Array.of(value));
  }

  private release(): void {
    if (!this.canPrint || this.held.length === 0) return;
    this.printedBytes.push(...this.held);
    this.held = [];
  }
}
