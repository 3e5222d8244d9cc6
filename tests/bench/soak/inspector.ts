import { createWriteStream } from 'node:fs';
import { WebSocket } from 'undici';

/**
 * A Chrome DevTools Protocol session to a Node process started with `--inspect=127.0.0.1:0`:
 * the soak reads a desk's main process (heap after GC, live handles) from outside, so the
 * measurement never shares the event loop or the heap it measures.
 */
export class InspectorSession {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  /** Receives the chunks of a heap snapshot under way. */
  private snapshotChunk: ((chunk: string) => void) | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (message) => {
      const frame = JSON.parse(String(message.data)) as { id?: number; method?: string; params?: { chunk?: string }; result?: unknown; error?: { message: string } };
      if (frame.method === 'HeapProfiler.addHeapSnapshotChunk') this.snapshotChunk?.(frame.params?.chunk ?? '');
      if (frame.id === undefined) return;
      const waiter = this.pending.get(frame.id);
      this.pending.delete(frame.id);
      if (frame.error) waiter?.reject(new Error(frame.error.message));
      else waiter?.resolve(frame.result);
    });
    socket.addEventListener('close', () => {
      for (const waiter of this.pending.values()) waiter.reject(new Error('inspector closed'));
      this.pending.clear();
    });
  }

  static async connect(url: string): Promise<InspectorSession> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`cannot reach the inspector at ${url}`)), { once: true });
    });
    return new InspectorSession(socket);
  }

  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /**
   * Evaluates a synchronous expression in the process and returns its JSON value. Not `awaitPromise`:
   * V8 then wraps even a plain value in a promise it holds weakly, and a garbage collection before the
   * process next runs its microtasks (the soak collects before each reading) failed the day with
   * "Promise was collected".
   */
  async evaluate<T>(expression: string): Promise<T> {
    const answer = await this.send<{ result: { value?: T }; exceptionDetails?: { text: string } }>('Runtime.evaluate', {
      expression,
      returnByValue: true,
    });
    if (answer.exceptionDetails) throw new Error(`inspector evaluate failed: ${answer.exceptionDetails.text}`);
    return answer.result.value as T;
  }

  /** Writes a heap snapshot of the process to `file` (for Chromium's Memory panel): finding what a day's heap growth is. */
  async heapSnapshot(file: string): Promise<void> {
    const out = createWriteStream(file);
    try {
      await this.takeHeapSnapshot((chunk) => out.write(chunk));
    } finally {
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    }
  }

  /** A heap snapshot's JSON, in memory. */
  async heapSnapshotText(): Promise<string> {
    const chunks: string[] = [];
    await this.takeHeapSnapshot((chunk) => chunks.push(chunk));
    return chunks.join('');
  }

  private async takeHeapSnapshot(sink: (chunk: string) => void): Promise<void> {
    this.snapshotChunk = sink;
    try {
      await this.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    } finally {
      this.snapshotChunk = null;
    }
  }

  close(): void {
    this.socket.close();
  }
}
