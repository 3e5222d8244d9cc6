import { TICKET_EVENT } from '../../../../src-shared/platform/tickets';

/**
 * The ticket event log behind `GET /api/kioskTicket/events`: every change gets the
 * next integer id and is kept in a bounded ring, so a desk that lost its stream
 * resumes with `Last-Event-ID` and receives exactly what it missed.
 *
 * Ids are contiguous within a run, which makes "events after id N" an index
 * computation instead of a search. The first id of a run is derived from the
 * start time (microseconds since the epoch) so that an id remembered from an
 * earlier run of the server is never mistaken for a position in this one: it
 * falls before the log and the client is told to reset.
 */
export interface LoggedEvent {
  id: number;
  /** Office place of the ticket: streams only carry their licence's places. */
  officePlaceId: number;
  /** The whole DeskTicket (or the place's desks for a `desk` event), serialized once when the change happened. */
  data: string;
  /** The SSE event name: `ticket`, or `desk` (desk presence). */
  event: string;
}

export type ResumeResult =
  | { kind: 'replay'; events: LoggedEvent[] }
  | { kind: 'reset'; reason: 'eventsExpired' | 'unknownEventId' };

export const DEFAULT_EVENT_LOG_CAPACITY = 10_000;

export function defaultFirstEventId(): number {
  return Date.now() * 1000;
}

export class EventLog {
  private readonly ring: (LoggedEvent | undefined)[];
  private size = 0;
  private nextId: number;
  private readonly listeners = new Set<(event: LoggedEvent) => void>();

  constructor(
    private readonly capacity: number = DEFAULT_EVENT_LOG_CAPACITY,
    firstId: number = defaultFirstEventId(),
  ) {
    this.ring = new Array<LoggedEvent | undefined>(capacity);
    this.nextId = firstId;
  }

  /** The id of the newest event; before any event, the id just before the first one. */
  get lastId(): number {
    return this.nextId - 1;
  }

  append(officePlaceId: number, data: string, name: string = TICKET_EVENT): LoggedEvent {
    const event: LoggedEvent = { id: this.nextId, officePlaceId, data, event: name };
    this.nextId += 1;
    this.ring[event.id % this.capacity] = event;
    this.size = Math.min(this.size + 1, this.capacity);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  /** Events after `afterId`, oldest first — or a reset when that id is not a position of this log. */
  since(afterId: number): ResumeResult {
    if (!Number.isSafeInteger(afterId) || afterId > this.lastId) return { kind: 'reset', reason: 'unknownEventId' };
    const oldest = this.nextId - this.size;
    if (afterId < oldest - 1) return { kind: 'reset', reason: 'eventsExpired' };
    const events: LoggedEvent[] = [];
    for (let id = afterId + 1; id < this.nextId; id += 1) events.push(this.ring[id % this.capacity]!);
    return { kind: 'replay', events };
  }

  subscribe(listener: (event: LoggedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
