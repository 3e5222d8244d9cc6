import { TICKET_SERVICE_PATHS } from '../../../src-shared/platform/tickets';
import type { AppointmentStatus } from '../../../src-shared/publisher/schemas';
import { logger } from '../../log';
import type { PublisherBehaviour } from './options';

const log = logger('sandbox-publisher');

/**
 * The services a real publisher calls on the platform (contract, "Services offered
 * by the platform server"): best effort, short timeout, never on the answer's
 * critical path. Calls are fired and forgotten by the routes; the pending set only
 * exists so tests (and shutdown) can wait for them to settle.
 */
export class PlatformLink {
  private readonly pending = new Set<Promise<void>>();
  private readonly closing = new AbortController();

  /** `pushes`: read at every call (behaviour.pushes), off like the contract's reference implementation. */
  constructor(
    private readonly config: PublisherBehaviour['platform'],
    private readonly pushes: () => boolean = () => true,
  ) {}

  /** `appointmentStatusChanged` for a same-day appointment. Never throws, never awaited by routes. */
  appointmentStatusChanged(contractAppointmentId: string, status: AppointmentStatus): void {
    if (!this.config || !this.pushes()) return;
    const { url, licenceUuid, accountKey, timeoutMs } = this.config;
    const call = this.post(`${url.replace(/\/$/, '')}${TICKET_SERVICE_PATHS.appointmentStatusChanged}`, accountKey, timeoutMs, {
      licenceUuid,
      contractAppointmentId,
      status,
    });
    this.pending.add(call);
    void call.finally(() => this.pending.delete(call));
  }

  /** Resolves once every call made so far has succeeded, failed or timed out. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Aborts calls still in flight: closing the sandbox must not wait for an 8 s timeout. */
  close(): void {
    this.closing.abort();
  }

  private async post(target: string, accountKey: string, timeoutMs: number, body: Record<string, unknown>): Promise<void> {
    try {
      const response = await fetch(target, {
        method: 'POST',
        // The contract sends the raw account key, no Bearer prefix.
        headers: { 'Content-Type': 'application/json', Authorization: accountKey },
        body: JSON.stringify(body),
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), this.closing.signal]),
      });
      await response.body?.cancel();
      if (!response.ok) log.warn('platform service refused the call', { service: 'appointmentStatusChanged', httpStatus: response.status });
    } catch (error) {
      log.warn('platform service unreachable', {
        service: 'appointmentStatusChanged',
        error: error instanceof Error ? error.name : 'unknown',
      });
    }
  }
}
