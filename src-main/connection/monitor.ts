import type { ConnectionState } from '../../src-shared/ipc/contract';
import type { PlatformClock } from '../../src-shared/clock';
import type { DeskEvents } from '../events/bus';

/** What the connection indicator shows: the outcome of the last exchange with the publisher. */
export class ConnectionMonitor {
  private state: ConnectionState = { publisher: 'unknown', checkedAt: null };

  constructor(private readonly events: DeskEvents) {}

  current(): ConnectionState {
    return this.state;
  }

  /** The platform's clock moved against the desk's: the renderer counts waits on the new offset. */
  reportClock(clock: PlatformClock): void {
    this.state = { ...this.state, clock };
    this.events.emit('connection/changed', this.state);
  }

  reportPublisher(reachable: boolean): void {
    const publisher = reachable ? 'online' : 'offline';
    const changed = publisher !== this.state.publisher;
    this.state = { ...this.state, publisher, checkedAt: new Date().toISOString() };
    if (changed) this.events.emit('connection/changed', this.state);
  }
}
