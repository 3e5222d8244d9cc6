import type { PrinterCondition } from '../../status';

/** What the operating system says about one of its printer queues. */
export interface SystemQueueState extends PrinterCondition {
  /** Jobs the queue still holds. */
  jobs: number;
}

/**
 * The operating system's print spooler (CUPS, Windows) seen through its own tools. Every
 * failure is a PrinterFault: `systemQueueMissing`, `systemQueueStopped`,
 * `systemSpoolerUnavailable` or `writeFailed`.
 */
export interface SystemSpooler {
  /** The names of the printer queues this computer has. */
  list(): Promise<string[]>;
  state(queue: string): Promise<SystemQueueState>;
  /** Hands the bytes to the queue unchanged (raw): once it resolves, the queue owns the job. */
  print(queue: string, bytes: Uint8Array): Promise<void>;
}
