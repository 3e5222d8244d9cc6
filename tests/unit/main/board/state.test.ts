import { describe, expect, it } from 'vitest';
import type { BoardRowsEvent } from '../../../../src-shared/ipc/features/board.contract';
import type { DeskTicket } from '../../../../src-shared/platform/tickets';
import type { Appointment } from '../../../../src-shared/publisher/schemas';
import { BoardState } from '../../../../src-main/board/state';
import type { Check } from '../../../../src-main/board/verifier';
import { until } from '../../../helpers/until';

function ticket(ticketId: string, contractAppointmentId: string | null): DeskTicket {
  return {
    ticketId,
    number: 1,
    formattedNumber: ticketId.toUpperCase(),
    day: '2026-11-23',
    officePlaceId: 1,
    contractAppointmentId,
    status: 'checkedIn',
    patientDisplayName: 'Jean D.',
    examLabel: 'IRM',
    source: 'kiosk',
    issuedAt: '2026-11-23T09:00:00+01:00',
    updatedAt: '2026-11-23T09:00:00+01:00',
  };
}

async function pushes(act: (state: BoardState) => void, state: BoardState, published: BoardRowsEvent[]): Promise<BoardRowsEvent> {
  const before = published.length;
  act(state);
  await until(() => published.length > before);
  return published.at(-1)!;
}

describe('board state', () => {
  it('re-renders the rows of an appointment after a check, following a ticket that changes appointment', async () => {
    const published: BoardRowsEvent[] = [];
    // Each check of an appointment answers something new (reachable or not), so its rows change.
    const checks = new Map<string, Check>();
    const checked = (id: string) => checks.set(id, { kind: checks.get(id)?.kind === 'gone' ? 'unreachable' : 'gone', at: 1_000 });
    const state = new BoardState((id) => checks.get(id) ?? null, (change) => published.push(change));
    const first = await pushes((s) => s.replaceAll([ticket('a', 'apt-1'), ticket('b', 'apt-1'), ticket('c', 'apt-2'), ticket('d', null)]), state, published);
    expect(first.reset).toBe(true);
    expect(first.upserts.map((row) => row.ticketId)).toEqual(['a', 'b', 'c', 'd']);

    checked('apt-1');
    const touched = await pushes((s) => s.touchAppointment('apt-1'), state, published);
    expect(touched.upserts.map((row) => row.ticketId)).toEqual(['a', 'b']);

    await pushes((s) => s.upsert(ticket('b', 'apt-2')), state, published);
    checked('apt-1');
    expect((await pushes((s) => s.touchAppointment('apt-1'), state, published)).upserts.map((row) => row.ticketId)).toEqual(['a']);
    checked('apt-2');
    expect((await pushes((s) => s.touchAppointment('apt-2'), state, published)).upserts.map((row) => row.ticketId).sort()).toEqual(['b', 'c']);

    // A reload forgets the old day's appointments.
    await pushes((s) => s.replaceAll([ticket('e', 'apt-3')]), state, published);
    const count = published.length;
    checked('apt-2');
    state.touchAppointment('apt-2');
    checked('apt-3');
    const last = await pushes((s) => s.touchAppointment('apt-3'), state, published);
    expect({ upserts: last.upserts.map((row) => row.ticketId), removed: last.removed }).toEqual({ upserts: ['e'], removed: [] });
    expect(published).toHaveLength(count + 1);
  });

  it('pushes nothing when a re-check finds the rows as they were: a desk at rest is not re-rendered', async () => {
    const published: BoardRowsEvent[] = [];
    const checks = new Map<string, Check>([
      ['apt-1', { kind: 'unreachable', at: 1_000 }],
      ['apt-2', { kind: 'unreachable', at: 1_000 }],
    ]);
    const state = new BoardState((id) => checks.get(id) ?? null, (change) => published.push(change));
    await pushes((s) => s.replaceAll([ticket('a', 'apt-1'), ticket('b', 'apt-2')]), state, published);
    const count = published.length;
    // Read again and again, the same answers: not one push.
    for (let i = 0; i < 5; i += 1) state.touchAppointment('apt-1');
    state.touch('b');
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(published).toHaveLength(count);
    // A read that finds a change is pushed, that row alone; and back again is a change too.
    checks.set('apt-2', { kind: 'gone', at: 2_000 });
    const changed = await pushes((s) => s.touchAppointment('apt-2'), state, published);
    expect(changed.upserts.map((row) => [row.ticketId, row.verification])).toEqual([['b', 'gone']]);
    checks.set('apt-2', { kind: 'unreachable', at: 3_000 });
    const back = await pushes((s) => s.touchAppointment('apt-2'), state, published);
    expect(back.upserts.map((row) => [row.ticketId, row.verification])).toEqual([['b', 'notVerified']]);
  });

  it('batches the changes of one turn into one push', async () => {
    const published: BoardRowsEvent[] = [];
    const state = new BoardState(() => null, (change) => published.push(change));
    await pushes((s) => s.replaceAll([]), state, published);
    const batch = await pushes(
      (s) => {
        s.upsert(ticket('a', null));
        s.upsert(ticket('b', 'apt-1'));
        s.touchAppointment('apt-1');
      },
      state,
      published,
    );
    expect(batch).toMatchObject({ reset: false, removed: [] });
    expect(batch.upserts.map((row) => row.ticketId)).toEqual(['a', 'b']);
  });

  it('gives each group what its time needs: calls, start and end of care from the history, else from the last call and last change', () => {
    const state = new BoardState(() => null, () => undefined);
    const at = (time: string) => `2026-11-23T${time}:00+01:00`;
    state.upsert({
      ...ticket('h', null),
      status: 'done',
      updatedAt: at('10:30'),
      lastCall: { deskId: 2, deskLabel: 'Accueil 2', at: at('09:20') },
      history: [
        { at: at('09:00'), event: 'checkedIn' },
        { at: at('09:10'), event: 'called', deskId: 1, deskLabel: 'Accueil 1' },
        { at: at('09:20'), event: 'called', deskId: 2, deskLabel: 'Accueil 2' },
        { at: at('09:25'), event: 'inCare' },
        { at: at('10:05'), event: 'done' },
      ],
    });
    expect(state.row('h')).toMatchObject({ calls: 2, inCareAt: at('09:25'), doneAt: at('10:05') });

    // A platform without the history: one call known, care counted from the platform's last change.
    state.upsert({ ...ticket('l', null), status: 'inCare', updatedAt: at('09:45'), lastCall: { deskId: 1, deskLabel: 'Accueil 1', at: at('09:30') } });
    expect(state.row('l')).toMatchObject({ calls: 1, inCareAt: at('09:45'), doneAt: null });
    state.upsert(ticket('w', null));
    expect(state.row('w')).toMatchObject({ calls: 0, inCareAt: null, doneAt: null });
  });
});

describe('board state without pushes from the medical system', () => {
  const read = (status: Appointment['status'], at: number): Check => ({
    kind: 'verified',
    at,
    appointment: { id: 'apt-1', status, startDate: '2026-11-23T10:00:00+01:00' } as Appointment,
  });

  it('an issued ticket the medical system says has arrived is a waiting row; not arrived, no row', () => {
    let check: Check | null = read('scheduled', 1_000);
    const state = new BoardState(() => check, () => undefined, () => 2_000);
    state.upsert({ ...ticket('k', 'apt-1'), status: 'issued' });
    expect(state.row('k')).toBeNull();
    check = read('checkedIn', 1_500);
    expect(state.row('k')).toMatchObject({ status: 'checkedIn', group: 'waiting', verification: 'verified' });
  });

  it("this desk's own check-in, answered by the medical system, shows at once; a later read decides again", () => {
    let check: Check | null = read('scheduled', 1_000);
    let now = 2_000;
    const state = new BoardState(() => check, () => undefined, () => now);
    state.upsert({ ...ticket('k', 'apt-1'), status: 'issued' });
    state.confirm('apt-1', 'checkedIn');
    expect(state.row('k')).toMatchObject({ status: 'checkedIn', group: 'waiting' });
    // The medical system read afterwards (the arrival reverted there): the read stands.
    now = 3_000;
    check = read('scheduled', 2_500);
    expect(state.row('k')).toBeNull();
  });

  it('a row says when it was last confirmed only once that is older than its promise (10 s in play, 2 min done)', () => {
    let now = 100_000;
    const state = new BoardState(() => read('checkedIn', 100_000), () => undefined, () => now);
    state.upsert(ticket('k', 'apt-1'));
    now += 10_000;
    expect(state.row('k')).not.toHaveProperty('lastConfirmedAt');
    now += 1;
    expect(state.row('k')!.lastConfirmedAt).toBe(new Date(100_000).toISOString());
    const done = new BoardState(() => read('done', 100_000), () => undefined, () => now);
    done.upsert(ticket('d', 'apt-1'));
    expect(done.row('d')).not.toHaveProperty('lastConfirmedAt');
    now += 120_000;
    expect(done.row('d')!.lastConfirmedAt).toBe(new Date(100_000).toISOString());
  });

  it('a row keeps its exam, room and practitioner while its status is asked again or goes unanswered, and says it is not vouched for', () => {
    const verified = read('checkedIn', 100_000);
    const appointment = { ...(verified.kind === 'verified' ? verified.appointment : ({} as Appointment)), examLabel: 'IRM genou', roomLabel: 'Salle IRM 1', practitionerLabel: 'Dr Martin', examTypeId: 'irm' };
    let check: Check | null = { ...verified, appointment } as Check;
    let last: typeof appointment | null = appointment;
    const state = new BoardState(() => check, () => undefined, () => 100_000, () => last);
    state.upsert(ticket('k', 'apt-1'));
    const facts = { examLabel: 'IRM genou', room: 'Salle IRM 1', practitioner: 'Dr Martin', examTypeId: 'irm', startDate: '2026-11-23T10:00:00+01:00', anomalies: [] };
    expect(state.row('k')).toMatchObject({ ...facts, verification: 'verified' });
    // A move was made: the read is asked again.
    check = null;
    state.touchAppointment('apt-1');
    expect(state.row('k')).toMatchObject({ ...facts, verification: 'checking' });
    check = { kind: 'unreachable', at: 101_000 };
    expect(state.row('k')).toMatchObject({ ...facts, verification: 'notVerified' });
    // Never answered: the ticket's own label, nothing else.
    last = null;
    expect(state.row('k')).toMatchObject({ examLabel: 'IRM', room: null, practitioner: null, examTypeId: null, startDate: null, verification: 'notVerified' });
    // Gone: nothing of the last answer either.
    last = appointment;
    check = { kind: 'gone', at: 102_000 };
    expect(state.row('k')).toMatchObject({ examLabel: 'IRM', room: null, practitioner: null, verification: 'gone' });
  });

  it("says when a push only refreshes the rows' checks, which moves no figure, and not when a read moved a row", async () => {
    const published: BoardRowsEvent[] = [];
    let now = 100_000;
    let check: Check = read('checkedIn', now);
    const state = new BoardState(() => check, (change) => published.push(change), () => now);
    const first = await pushes((s) => s.replaceAll([ticket('k', 'apt-1')]), state, published);
    expect(first).not.toHaveProperty('freshnessOnly');
    // Read again past its promise: the row now says since when it is confirmed, and nothing else changed.
    now += 11_000;
    const stale = await pushes((s) => s.touchAppointment('apt-1'), state, published);
    expect(stale).toMatchObject({ upserts: [{ ticketId: 'k', lastConfirmedAt: new Date(100_000).toISOString() }], freshnessOnly: true });
    check = read('checkedIn', now);
    expect(await pushes((s) => s.touchAppointment('apt-1'), state, published)).toMatchObject({ freshnessOnly: true });
    // The medical system says the patient is in care: a figure may move.
    check = read('inCare', now);
    const moved = await pushes((s) => s.touchAppointment('apt-1'), state, published);
    expect(moved.upserts[0]).toMatchObject({ ticketId: 'k', status: 'inCare' });
    expect(moved).not.toHaveProperty('freshnessOnly');
    // A row that leaves is never freshness alone.
    const removed = await pushes((s) => s.replaceAll([]), state, published);
    expect(removed).not.toHaveProperty('freshnessOnly');
  });

  it("the re-checks' classes follow the rows: a move re-classes at once, a read that touched no row within 2 s", () => {
    let now = Date.parse('2026-11-23T12:00:00+01:00');
    let check: Check = read('checkedIn', now);
    const state = new BoardState(() => check, () => undefined, () => now);
    state.upsert(ticket('k', 'apt-1'));
    const classOf = () => state.recheckItems().map((item) => item.kind);
    expect(classOf()).toEqual(['waiting']);
    state.upsert({ ...ticket('k', 'apt-1'), lastCall: { deskId: 1, deskLabel: 'Accueil 1', at: '2026-11-23T11:59:00+01:00' } });
    expect(classOf()).toEqual(['called']);
    check = read('inCare', now);
    expect(classOf()).toEqual(['called']);
    now += 2_001;
    expect(classOf()).toEqual(['inCare']);
    check = read('done', now);
    state.touchAppointment('apt-1');
    // Done: its clock is the ticket's last change on the platform (09:00), three hours ago: read every 30 minutes.
    expect(state.recheckItems()).toEqual([{ appointmentId: 'apt-1', kind: 'settled', since: Date.parse('2026-11-23T09:00:00+01:00') }]);
    now += 30 * 60_000;
    expect(state.row('k')).not.toHaveProperty('lastConfirmedAt');
    now += 30 * 60_000 + 1;
    expect(state.row('k')!.lastConfirmedAt).toBe(new Date(check.at).toISOString());
  });
});
