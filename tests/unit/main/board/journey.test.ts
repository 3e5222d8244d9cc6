import { describe, expect, it } from 'vitest';
import { inQueue } from '../../../../src-shared/board/desks';
import type { DeskTicket } from '../../../../src-shared/platform/tickets';
import type { Appointment, AppointmentPair } from '../../../../src-shared/publisher/schemas';
import { BoardState } from '../../../../src-main/board/state';
import { Reverifier, type Check } from '../../../../src-main/board/verifier';

/** Léa's visit: one platform ticket, on the MRI (the main appointment); the scan carries the same number. */
const appointment = (id: string, examTypeId: string, examLabel: string, roomLabel: string, startDate: string): Appointment =>
  ({ id, patientId: 'P9001', examTypeId, examLabel, roomLabel, prescriber: null, startDate, status: 'checkedIn', ticketNumber: 6, ticketNumberFormatted: 'I006' }) as Appointment;
const mri = appointment('A1', 'IRM', 'IRM du genou', 'IRM 1', '2026-11-23T10:30:00+01:00');
const scan = appointment('A2', 'SCAN', 'Scanner thoracique', 'Scanner', '2026-11-23T11:05:00+01:00');
const ticket: DeskTicket = {
  ticketId: 't6',
  number: 6,
  formattedNumber: 'I006',
  day: '2026-11-23',
  officePlaceId: 1,
  contractAppointmentId: 'A1',
  status: 'checkedIn',
  patientDisplayName: 'Léa Garnier-Vidal',
  examLabel: 'IRM du genou',
  source: 'desk',
  issuedAt: '2026-11-23T09:12:00+01:00',
  updatedAt: '2026-11-23T09:12:00+01:00',
};
const pair = (main: Appointment, others: Appointment[]): AppointmentPair => ({ patient: { id: 'P9001' }, appointment: main, otherAppointments: others }) as AppointmentPair;

async function readBack(others: Appointment[]): Promise<Check> {
  const verifier = new Reverifier({ getAppointmentById: async () => pair(mri, others) });
  return verifier.verify('A1');
}

describe('a journey on the call board', () => {
  it("the row of the journey's ticket names the scan checked in with the MRI, read from the medical system", async () => {
    const check = await readBack([scan, { ...scan, id: 'A9', ticketNumberFormatted: 'R002' }]);
    const state = new BoardState(() => check, () => undefined);
    state.upsert(ticket);
    expect(state.row('t6')).toMatchObject({
      examLabel: 'IRM du genou',
      linkedExams: [{ contractAppointmentId: 'A2', examLabel: 'Scanner thoracique', examTypeId: 'SCAN', room: 'Scanner', startDate: scan.startDate }],
    });
  });

  it("the scanner team's queue sees the patient; a queue of neither exam does not", async () => {
    const check = await readBack([scan]);
    const state = new BoardState(() => check, () => undefined);
    state.upsert(ticket);
    state.setQueue({ examTypeIds: ['SCAN'], rooms: [], practitioners: [] });
    expect(state.row('t6')?.inQueue).toBe(true);
    state.setQueue({ examTypeIds: ['IRM'], rooms: [], practitioners: [] });
    expect(state.row('t6')?.inQueue).toBe(true);
    state.setQueue({ examTypeIds: ['ECHO'], rooms: [], practitioners: [] });
    expect(state.row('t6')?.inQueue).toBe(false);
    // A patient with one exam is in the queue of that exam only, as before.
    const alone = await readBack([]);
    expect(alone.kind === 'verified' && alone.linked).toBeFalsy();
    expect(inQueue({ examTypeIds: ['SCAN'], rooms: [], practitioners: [] }, { examTypeId: 'IRM', room: 'IRM 1', practitioner: null })).toBe(false);
  });

  it('an appointment with a ticket of its own on the board is its own row, never listed twice', async () => {
    const check = await readBack([scan]);
    const state = new BoardState(() => check, () => undefined);
    state.upsert(ticket);
    state.upsert({ ...ticket, ticketId: 't7', contractAppointmentId: 'A2' });
    expect(state.row('t6')?.linkedExams).toBeUndefined();
  });

  it('two exams in one room: the desk that called, took in care and finished the first no longer holds the patient, even all in one second', async () => {
    // The seeded I002: a lumbar then a brain MRI, both in « IRM 1 »; the room of the call cannot tell which exam it was for.
    const brain = appointment('A3', 'IRM', 'IRM cérébrale', 'IRM 1', '2026-11-23T11:05:00+01:00');
    const check = await readBack([brain]);
    const firstDone: Check = check.kind === 'verified' ? { ...check, appointment: { ...check.appointment, status: 'done' } } : check;
    const state = new BoardState(() => firstDone, () => undefined);
    const at = '2026-11-23T10:31:00+01:00';
    const lastCall = { deskId: 1, deskLabel: 'Accueil 1', at, room: 'IRM 1' };
    const history = (...events: ('called' | 'inCare' | 'done')[]) => events.map((event) => ({ at, event }));
    state.setDesk(1);

    state.upsert({ ...ticket, lastCall, history: history('called', 'inCare', 'done') });
    expect(state.row('t6')).toMatchObject({ group: 'waiting', examDone: true });
    // Called again for the brain MRI: that call holds.
    state.upsert({ ...ticket, lastCall, history: history('called', 'inCare', 'done', 'called') });
    expect(state.row('t6')?.group).toBe('called');
    // Called only (the first exam done by its team without a move of the desk in between is not known): the room's rule.
    state.upsert({ ...ticket, lastCall, history: history('called') });
    expect(state.row('t6')?.group).toBe('called');
  });
});
