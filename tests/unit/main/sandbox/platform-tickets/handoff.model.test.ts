import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalled } from '../../../../../src-main/board/state';
import { EventLog } from '../../../../../src-main/sandbox/platform/tickets/event-log';
import { TicketDesk, TicketServiceError } from '../../../../../src-main/sandbox/platform/tickets/service';
import { seedWorld } from '../../../../../src-main/sandbox/world/seed';
import type { DeskTicket } from '../../../../../src-shared/platform/tickets';
import { FIXED_NOW, LICENCE } from './harness';

const PLACE = 1;
const DESKS = [1, 2, 3] as const;
const GONE_MS = 5_000;
const EVERYTHING = { examTypeIds: [], rooms: [], practitioners: [] };

type DeskId = (typeof DESKS)[number];
type Step =
  | { kind: 'heartbeat'; ms: number }
  | { kind: 'die'; desk: DeskId }
  | { kind: 'return'; desk: DeskId }
  | { kind: 'close'; desk: DeskId }
  | { kind: 'callNext'; desk: DeskId }
  | { kind: 'race'; desks: [DeskId, DeskId] }
  | { kind: 'transfer'; desk: DeskId; to: DeskId | null }
  | { kind: 'absent'; desk: DeskId }
  | { kind: 'recallAbsent'; desk: DeskId };

const desk = fc.constantFrom(...DESKS);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('heartbeat' as const), ms: fc.integer({ min: 200, max: 3_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('die' as const), desk }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('return' as const), desk }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), desk }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('callNext' as const), desk }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('race' as const), desks: fc.tuple(desk, desk) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('transfer' as const), desk, to: fc.option(desk, { nil: null }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('absent' as const), desk }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('recallAbsent' as const), desk }) },
);

/**
 * The training platform's desk presence, transfers and absences driven by random sequences of what
 * desks do (and how they die), in process with a movable clock. The desks' side is modelled on
 * BoardActions.callNext: oldest waiting first, those sent to the desk before, compare-and-set calls.
 */
function office() {
  const clock = { now: new Date(FIXED_NOW) };
  const world = seedWorld({ now: FIXED_NOW }).platform;
  const licence = world.licences.find((candidate) => candidate.uuid === LICENCE)!;
  const platform = new TicketDesk(world, () => clock.now, new EventLog(10_000, 1), { goneMs: GONE_MS });
  /** Desks whose heartbeats run (a dead or closed desk's stop). */
  const beating = new Set<DeskId>();
  const announce = (deskId: DeskId, state: 'open' | 'closed' = 'open') =>
    platform.announce(licence, deskId, { licenceUuid: LICENCE, officePlaceId: PLACE, label: `Accueil ${deskId}`, staffDisplayName: null, state, queue: EVERYTHING });
  for (let n = 0; n < 8; n += 1) {
    const appointment = `model-${n}`;
    platform.issue(licence, { licenceUuid: LICENCE, officePlaceId: PLACE, requestUid: appointment, contractAppointmentId: appointment, prefix: 'M' });
    platform.statusChanged(licence, appointment, 'checkedIn');
  }
  for (const deskId of DESKS) {
    announce(deskId);
    beating.add(deskId);
  }
  const tickets = () => platform.list(licence, platform.today(), PLACE).filter((ticket) => ticket.status === 'checkedIn');
  /** What a desk's call next may take: waiting, not absent, for everyone or sent to this desk. */
  const waitingFor = (deskId: DeskId, ticket: DeskTicket) => {
    const sentTo = ticket.handoff?.toDeskId ?? null;
    return ticket.status === 'checkedIn' && !ticket.absent && !isCalled(ticket) && (sentTo === null || sentTo === deskId);
  };
  const servedBy = (deskId: DeskId) => tickets().filter((ticket) => isCalled(ticket) && !ticket.absent && ticket.lastCall?.deskId === deskId);
  const present = (deskId: number) => platform.desks.present(licence.id, PLACE, deskId);

  /** One desk's call next over what it last saw (`seen`, possibly stale): the platform's compare-and-set decides. */
  function callNext(deskId: DeskId, seen: DeskTicket[]): void {
    const candidates = seen
      .filter((ticket) => waitingFor(deskId, ticket))
      .sort((a, b) => Number(a.handoff?.toDeskId !== deskId) - Number(b.handoff?.toDeskId !== deskId) || a.issuedAt.localeCompare(b.issuedAt) || a.number - b.number);
    for (const candidate of candidates) {
      const before = structuredClone(platform.store.get(candidate.ticketId)!);
      try {
        platform.call(licence, { ticketId: candidate.ticketId, kioskDeskId: deskId, deskLabel: `Accueil ${deskId}`, expectedVersion: candidate.version });
      } catch (error) {
        if (error instanceof TicketServiceError && error.statusCode === 409) continue;
        throw error;
      }
      // The call landed: at that instant the patient was waiting for this desk, held by no other.
      expect(waitingFor(deskId, before), `desk ${deskId} called ${before.formattedNumber} held elsewhere`).toBe(true);
      return;
    }
  }

  function run(action: Step): void {
    switch (action.kind) {
      case 'heartbeat':
        clock.now = new Date(clock.now.getTime() + action.ms);
        for (const deskId of beating) announce(deskId);
        break;
      case 'die':
        beating.delete(action.desk);
        break;
      case 'return':
        beating.add(action.desk);
        announce(action.desk);
        break;
      case 'close':
        beating.delete(action.desk);
        announce(action.desk, 'closed');
        break;
      case 'callNext':
        if (beating.has(action.desk)) callNext(action.desk, structuredClone(tickets()));
        break;
      case 'race': {
        // Both desks press "call next" on the same view of the board.
        const seen = structuredClone(tickets());
        for (const deskId of action.desks) if (beating.has(deskId)) callNext(deskId, seen);
        break;
      }
      case 'transfer': {
        const [served] = servedBy(action.desk);
        if (!served || !beating.has(action.desk)) break;
        try {
          platform.transfer(licence, {
            licenceUuid: LICENCE,
            ticketId: served.ticketId,
            fromDeskId: action.desk,
            fromDeskLabel: `Accueil ${action.desk}`,
            toDeskId: action.to,
            toDeskLabel: action.to === null ? null : `Accueil ${action.to}`,
            note: null,
          });
          // Accepted only towards a desk that can call the patient.
          if (action.to !== null) expect(present(action.to)).toBe(true);
        } catch (error) {
          if (!(error instanceof TicketServiceError) || error.statusCode !== 409) throw error;
          expect(action.to !== null && !present(action.to)).toBe(true);
        }
        break;
      }
      case 'absent': {
        const [served] = servedBy(action.desk);
        if (served && beating.has(action.desk)) platform.markAbsent(licence, { ticketId: served.ticketId, deskId: action.desk, deskLabel: `Accueil ${action.desk}` });
        break;
      }
      case 'recallAbsent': {
        const absent = tickets().find((ticket) => ticket.absent);
        if (absent && beating.has(action.desk)) platform.call(licence, { ticketId: absent.ticketId, kioskDeskId: action.desk, deskLabel: `Accueil ${action.desk}` });
        break;
      }
    }
  }

  /** After every step: each waiting patient is some present desk's call next (or everyone's, when none is present). */
  function check(): void {
    platform.desks.sweep();
    const anyPresent = DESKS.some(present);
    for (const ticket of tickets()) {
      if (ticket.absent || isCalled(ticket)) continue;
      const sentTo = ticket.handoff?.toDeskId ?? null;
      if (sentTo !== null) expect(present(sentTo), `${ticket.formattedNumber} waits for Accueil ${sentTo}, which cannot call`).toBe(true);
      if (anyPresent) expect(DESKS.some((deskId) => present(deskId) && waitingFor(deskId, ticket))).toBe(true);
    }
    // One desk at a time serves a patient.
    const served = DESKS.flatMap((deskId) => servedBy(deskId).map((ticket) => ticket.ticketId));
    expect(new Set(served).size).toBe(served.length);
  }

  return { run, check };
}

describe('transfers, absences and desk deaths (model-based)', () => {
  it('every waiting patient stays reachable by some desk\'s call next, and nobody is called at two desks', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        const model = office();
        for (const action of steps) {
          model.run(action);
          model.check();
        }
      }),
      { numRuns: 300 },
    );
  });
});
