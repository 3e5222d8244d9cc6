import type { DeskAnnounceRequest, DeskPresence } from '../../../../src-shared/platform/desks';
import { isoWithOffset } from '../../world/time';

/** The live switch of the presence timeout (tests shorten it so a "crashed" desk is gone in a moment). */
export interface DeskPresenceTuning {
  goneMs: number;
}

interface KnownDesk {
  licenceId: number;
  presence: Omit<DeskPresence, 'serving'>;
  seenAt: number;
}

/**
 * The desks of each office place as they announce themselves. A desk whose announces
 * stop for `goneMs` is marked gone (kept, so the other desks see it left) and handed to
 * `left`, which returns its called patients to the waiting line; so is a desk that says
 * it closed. A desk that announces again is back, and `back` gives it the patients it called
 * that nobody has called since (a network cut is not a desk leaving its counter).
 */
export class DeskRegistry {
  private readonly desks = new Map<string, KnownDesk>();

  constructor(
    private readonly now: () => Date,
    private readonly tuning: DeskPresenceTuning,
    private readonly left: (desk: Omit<DeskPresence, 'serving'>) => void,
    /** A place's desks changed (a desk appeared, changed state or queue, went silent, came back): not told on a mere heartbeat. */
    private readonly changed: (licenceId: number, officePlaceId: number) => void = () => undefined,
    /** A desk counted gone announces again (it was cut off, not closed): its patients nobody called since are its own again. */
    private readonly back: (desk: Omit<DeskPresence, 'serving'>) => void = () => undefined,
  ) {}

  announce(licenceId: number, deskId: number, body: DeskAnnounceRequest): void {
    const key = `${licenceId}|${body.officePlaceId}|${deskId}`;
    const before = this.desks.get(key);
    const now = this.now();
    const presence = {
      deskId,
      officePlaceId: body.officePlaceId,
      label: body.label,
      staffDisplayName: body.staffDisplayName,
      state: body.state,
      queue: body.queue,
      lastSeenAt: isoWithOffset(now),
      gone: false,
    };
    this.desks.set(key, { licenceId, presence, seenAt: now.getTime() });
    if (body.state === 'closed' && before?.presence.state !== 'closed') this.left(presence);
    else if (before?.presence.gone && before.presence.state !== 'closed' && body.state !== 'closed') this.back(presence);
    if (!before || sameness(before.presence) !== sameness(presence)) this.changed(licenceId, body.officePlaceId);
  }

  /** The place's desks by id, gone ones included (the board shows them as gone). */
  ofPlace(licenceId: number, officePlaceId: number): Omit<DeskPresence, 'serving'>[] {
    this.sweep();
    return [...this.desks.values()]
      .filter((desk) => desk.licenceId === licenceId && desk.presence.officePlaceId === officePlaceId)
      .map((desk) => desk.presence)
      .sort((a, b) => a.deskId - b.deskId);
  }

  /** Announced within the presence window and not closed: a desk that can call a patient sent to it. */
  present(licenceId: number, officePlaceId: number, deskId: number): boolean {
    this.sweep();
    const desk = this.desks.get(`${licenceId}|${officePlaceId}|${deskId}`);
    return desk !== undefined && !desk.presence.gone && desk.presence.state !== 'closed';
  }

  /** Marks gone every desk silent for longer than the timeout; each is handed on once. */
  sweep(): void {
    const now = this.now().getTime();
    for (const desk of this.desks.values()) {
      if (desk.presence.gone || now - desk.seenAt <= this.tuning.goneMs) continue;
      desk.presence = { ...desk.presence, gone: true };
      if (desk.presence.state !== 'closed') this.left(desk.presence);
      this.changed(desk.licenceId, desk.presence.officePlaceId);
    }
  }
}

/** What the other desks see of a desk, less the time of its last heartbeat. */
function sameness({ lastSeenAt: _seen, ...desk }: Omit<DeskPresence, 'serving'>): string {
  return JSON.stringify(desk);
}
