import type { ServerResponse } from 'node:http';
import {
  TICKET_READY_EVENT,
  TICKET_RESET_EVENT,
} from '../../../../src-shared/platform/tickets';
import type { Logger } from '../../../log';
import type { EventLog, LoggedEvent } from './event-log';

/**
 * One open `events` stream. Everything from the resume point to the live
 * subscription happens in one synchronous run, so no change can slip between the
 * replay and the first live event.
 *
 * Wire format (text/event-stream):
 *   id: <integer>  event: ticket  data: <whole DeskTicket JSON>   — after every change
 *   id: <integer>  event: ready   data: {"lastEventId": n}        — once, when the stream opens
 *   id: <integer>  event: reset   data: {"lastEventId": n, reason} — the resume point is unknown
 *   `: heartbeat` comment every heartbeatMs
 */
export interface EventStreamOptions {
  log: EventLog;
  /** Whether an event of that office place belongs to the stream's licence (checked per event). */
  owns: (officePlaceId: number) => boolean;
  /** `Last-Event-ID` (header, else `lastEventId` query); undefined = live events only. */
  resumeFrom: string | undefined;
  heartbeatMs: number;
  /** A client this far behind is cut off: it resumes from the log when it reconnects. */
  maxBufferedBytes: number;
  logger: Logger;
}

/** Tells EventSource clients how soon to reconnect after a cut. */
const RETRY_MS = 2_000;

function frame(id: number, event: string, data: string): string {
  return `id: ${id}\nevent: ${event}\ndata: ${data}\n\n`;
}

export class EventStream {
  private closed = false;
  private unsubscribe: () => void = () => undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly response: ServerResponse,
    private readonly options: EventStreamOptions,
    private readonly onClosed: (stream: EventStream) => void,
  ) {}

  open(): void {
    const { log, resumeFrom } = this.options;
    this.response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // Reverse proxies must not buffer a live stream.
      'X-Accel-Buffering': 'no',
    });
    this.response.on('close', () => this.close(true));
    let chunk = `retry: ${RETRY_MS}\n\n`;
    if (resumeFrom !== undefined) {
      const resumed = log.since(/^\d+$/.test(resumeFrom.trim()) ? Number(resumeFrom.trim()) : Number.NaN);
      if (resumed.kind === 'reset') {
        chunk += frame(log.lastId, TICKET_RESET_EVENT, JSON.stringify({ lastEventId: log.lastId, reason: resumed.reason }));
        this.options.logger.info('event stream reset', { reason: resumed.reason });
      } else {
        for (const event of resumed.events) if (this.options.owns(event.officePlaceId)) chunk += frame(event.id, event.event, event.data);
      }
    }
    // The ready event carries the current position as its id, so even a client that
    // has seen no ticket event yet resumes from the right place after a cut.
    chunk += frame(log.lastId, TICKET_READY_EVENT, JSON.stringify({ lastEventId: log.lastId }));
    this.write(chunk);
    this.unsubscribe = log.subscribe((event) => this.deliver(event));
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Ends the stream; `abort` drops the connection instead of finishing it (buffered bytes are discarded). */
  close(abort = false): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (abort) this.response.destroy();
    else if (!this.response.writableEnded) this.response.end();
    this.onClosed(this);
  }

  private deliver(event: LoggedEvent): void {
    if (this.options.owns(event.officePlaceId)) this.write(frame(event.id, event.event, event.data));
  }

  private write(text: string): void {
    if (this.closed) return;
    if (this.response.writableLength > this.options.maxBufferedBytes) {
      // Cutting a stalled client loses nothing: its reconnect replays from the log.
      this.options.logger.warn('event stream cut: client not reading', { bufferedBytes: this.response.writableLength });
      this.close(true);
      return;
    }
    this.response.write(text);
  }
}
