import type { BoardOffice } from '../../src-shared/board/desks';
import { DESK_HEARTBEAT_MS, type DeskPresence, type DeskQueue, type DeskState } from '../../src-shared/platform/desks';
import type { Workplace } from '../../src-shared/ipc/workplace';
import { logger } from '../log';
import { within } from '../net/within';
import type { PlatformBoardClient } from '../platform/tickets/board';
import { isNotOffered } from '../platform/tickets/http';

const log = logger('desk-presence');

/** The closing announce waits at most this long. */
const CLOSING_MS = 1_000;

/** An older platform without the desks is asked again this rarely. */
const NOT_OFFERED_RETRY_MS = 60_000;

export interface DeskPresenceDeps {
  platform: Pick<PlatformBoardClient, 'announceDesk'>;
  workplace: () => Workplace;
  staffName: () => string | null;
  queue: () => DeskQueue;
  /** The office's desks changed (or the platform's answer about them). */
  changed: () => void;
  heartbeatMs?: number;
}

/**
 * This desk's announce to the platform, repeated as its heartbeat: label, staff, state and
 * queue. Each answer is the office place's desks, so one request a second keeps both sides
 * current. A desk whose heartbeats stop is shown gone by the platform after a few seconds.
 */
export class DeskPresenceLoop {
  private timer: NodeJS.Timeout | null = null;
  private officePlaceId: number | null = null;
  private state: DeskState = 'open';
  private desks: DeskPresence[] = [];
  private presence: BoardOffice['presence'] = 'live';
  private inFlight: Promise<void> | null = null;
  private lastAnswer = '';

  constructor(private readonly deps: DeskPresenceDeps) {}

  start(officePlaceId: number): void {
    if (this.officePlaceId === officePlaceId && this.timer) return;
    this.stop();
    this.officePlaceId = officePlaceId;
    void this.beat();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.officePlaceId = null;
    this.desks = [];
  }

  current(): Pick<BoardOffice, 'desks' | 'presence'> & { state: DeskState } {
    return { desks: this.desks, presence: this.presence, state: this.state };
  }

  /** The office's desks as the platform pushed them on the event stream. */
  received(desks: DeskPresence[]): void {
    if (this.officePlaceId !== null) this.answer(desks, 'live');
  }

  /** Open, paused or closed: announced at once, so the other desks see it within a moment. */
  async setState(state: DeskState): Promise<void> {
    this.state = state;
    await this.announceNow();
  }

  /** Sends the announce now (queue or state changed) instead of at the next heartbeat. */
  async announceNow(): Promise<void> {
    if (this.officePlaceId === null) return;
    await this.inFlight;
    await this.beat();
  }

  /** The last word of a desk that shuts down: closed, so its called patients wait for the others at once. */
  async close(): Promise<void> {
    if (this.officePlaceId === null) return;
    this.state = 'closed';
    // Never holds the app's shutdown for long: an unreachable platform learns it from the silence instead.
    const bounded = (work: Promise<unknown> | null) => within(work?.catch(() => undefined) ?? Promise.resolve(), CLOSING_MS, undefined);
    await bounded(this.inFlight);
    await bounded(this.beat());
    this.stop();
  }

  private beat(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.inFlight = this.announce().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async announce(): Promise<void> {
    const officePlaceId = this.officePlaceId;
    if (officePlaceId === null) return;
    let next = this.deps.heartbeatMs ?? DESK_HEARTBEAT_MS;
    const workplace = this.workplaceOrNull();
    if (!workplace || workplace.deskId === null) {
      this.answer([], 'noDeskId');
    } else {
      try {
        const desks = await this.deps.platform.announceDesk(workplace.deskId, {
          officePlaceId,
          label: workplace.deskLabel,
          staffDisplayName: this.deps.staffName(),
          state: this.state,
          queue: this.deps.queue(),
        });
        this.answer(desks, 'live');
      } catch (error) {
        const notOffered = isNotOffered(error);
        if (notOffered) next = NOT_OFFERED_RETRY_MS;
        else log.debug('desk announce failed');
        this.answer(notOffered ? [] : this.desks, notOffered ? 'notOffered' : 'unreachable');
      }
    }
    if (this.officePlaceId !== officePlaceId) return;
    this.timer = setTimeout(() => void this.beat(), next);
    this.timer.unref();
  }

  /** The desk's workplace; none (no office place chosen yet) announces nothing, like a desk without a number. */
  private workplaceOrNull(): Workplace | null {
    try {
      return this.deps.workplace();
    } catch {
      return null;
    }
  }

  private answer(desks: DeskPresence[], presence: BoardOffice['presence']): void {
    this.desks = desks;
    this.presence = presence;
    // Desks announce every second: the renderer hears only of a change.
    const text = JSON.stringify([presence, this.state, desks.map(({ lastSeenAt: _seen, ...desk }) => desk)]);
    if (text === this.lastAnswer) return;
    this.lastAnswer = text;
    this.deps.changed();
  }
}
