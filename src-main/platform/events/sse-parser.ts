/** One dispatched Server-Sent Events frame. */
export interface SseFrame {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Incremental text/event-stream parser (WHATWG rules that matter here: CRLF/LF,
 * `field: value` with one optional space, multi-line data, comments, `retry`).
 * `onActivity` fires for every chunk, comments included: heartbeats keep a stream alive.
 */
export class SseParser {
  private buffer = '';
  private id: string | undefined;
  private event = '';
  private data: string[] = [];

  constructor(
    private readonly onFrame: (frame: SseFrame) => void,
    private readonly onRetry: (ms: number) => void = () => undefined,
  ) {}

  push(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.search(/\r\n|\n|\r/)) >= 0) {
      const line = this.buffer.slice(0, end);
      const newline = this.buffer.startsWith('\r\n', end) ? 2 : 1;
      this.buffer = this.buffer.slice(end + newline);
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.onRetry(Number(value));
  }

  private dispatch(): void {
    if (this.data.length === 0 && this.event === '') return;
    const frame = { id: this.id, event: this.event || 'message', data: this.data.join('\n') };
    this.event = '';
    this.data = [];
    this.onFrame(frame);
  }
}
