import type { EventName } from '../../src-shared/ipc/channels';
import { eventContract, type EventPayloadOf } from '../../src-shared/ipc/contract';

export type EventSink = (event: EventName, payload: unknown) => void;

/** Main → renderer pushes. Every payload is checked against the contract before it leaves. */
export class DeskEvents {
  private readonly sinks = new Set<EventSink>();

  emit<E extends EventName>(event: E, payload: EventPayloadOf<E>): void {
    const checked = eventContract[event].parse(payload);
    for (const sink of this.sinks) sink(event, checked);
  }

  /** Passes on an event another bus has already checked (the desk host relays the desk it runs). */
  relay(event: EventName, payload: unknown): void {
    for (const sink of this.sinks) sink(event, payload);
  }

  subscribe(sink: EventSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }
}
