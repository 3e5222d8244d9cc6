import type { ConnectionState } from '../../src-shared/ipc/contract';
import type { DeskEvents } from '../events/bus';

/** What the connection indicator shows: the outcome of the last exchange with the publisher. */
export class ConnectionMonitor {
  private state: ConnectionState = { publisher: 'unknown', checkedAt: null };

  constructor(private readonly events: DeskEvents) {}

  current(): ConnectionState {
    return this.state;
  }

  reportPublisher(reachable: boolean): void {
    const publisher = reachable ? 'online' : 'offline';
    const changed = publisher !== this.state.publisher;
    this.state = { publisher, checkedAt: new Date().toISOString() };
    if (changed) this.events.emit('connection/changed', this.state);
  }
}
