import { describe, expect, it } from 'vitest';
import type { DeskTicket } from '../../../../src-shared/platform/tickets';
import type { AppointmentPair } from '../../../../src-shared/publisher/schemas';
import { RECHECK_BUDGET_PER_SECOND } from '../../../../src-main/board/recheck';
import { BoardRechecking } from '../../../../src-main/board/rechecking';
import { BoardState } from '../../../../src-main/board/state';
import { TokenBucket } from '../../../../src-main/board/token-bucket';
import { Reverifier } from '../../../../src-main/board/verifier';

function ticket(ticketId: string, contractAppointmentId: string, day: string): DeskTicket {
  return {
    ticketId,
    number: 1,
    formattedNumber: ticketId.toUpperCase(),
    day,
    officePlaceId: 1,
    contractAppointmentId,
    status: 'checkedIn',
    patientDisplayName: null,
    examLabel: null,
    source: 'kiosk',
    issuedAt: `${day}T09:00:00+01:00`,
    updatedAt: `${day}T09:00:00+01:00`,
  };
}

/** A journey: the scan under the same ticket number as the MRI, checked in together. */
function pair(id: string): AppointmentPair {
  const appointment = { id, patientId: 'p', startDate: '2026-11-30T09:00:00+01:00', status: 'checkedIn' as const, prescriber: null, ticketNumber: 1, ticketNumberFormatted: 'A001' };
  const scan = { ...appointment, id: `${id}-scan`, startDate: '2026-11-30T09:30:00+01:00' };
  return { patient: { id: 'p', firstName: 'A', lastName: 'B', birthDate: '1980-01-01' }, appointment, otherAppointments: id === 'today' ? [scan] : [] };
}

describe("the board's re-checks when a day is loaded", () => {
  it("let go of the day before's reads, keep the new day's and its journeys' other exams", async () => {
    const verifier = new Reverifier({ getAppointmentById: async (id) => pair(id) });
    const state = new BoardState((id) => verifier.cached(id), () => undefined);
    const rechecking = new BoardRechecking({
      state,
      verifier,
      budget: new TokenBucket(RECHECK_BUDGET_PER_SECOND, 1, Date.now),
      platform: { reportVerifiedStatus: async () => Promise.reject(new Error('not asked')), appointmentStatusChanged: async () => 0 },
      workplace: () => null,
      journalMode: () => false,
      tickMs: 0,
    });
    state.replaceAll([ticket('y1', 'yesterday-1', '2026-11-29'), ticket('y2', 'yesterday-2', '2026-11-29')]);
    for (const id of ['yesterday-1', 'yesterday-2', 'today', 'today-scan']) await verifier.verify(id);
    state.replaceAll([ticket('t1', 'today', '2026-11-30')]);
    rechecking.reloaded();
    expect(['yesterday-1', 'yesterday-2', 'today', 'today-scan'].map((id) => verifier.cached(id)?.kind ?? null)).toEqual([null, null, 'verified', 'verified']);
  });
});
