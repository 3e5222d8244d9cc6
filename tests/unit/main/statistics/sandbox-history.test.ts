import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTicketResponseSchema, listForDayResponseSchema, TICKET_SERVICE_PATHS } from '../../../../src-shared/platform/tickets';
import { SANDBOX_KEPT_DAYS } from '../../../../src-main/sandbox/world/history';
import { seedWorld } from '../../../../src-main/sandbox/world/seed';
import { FIXED_NOW, startPlatform, type Platform } from '../sandbox/platform-tickets/harness';

let p: Platform;
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(async () => {
  await p.close();
});

describe('the sandbox platform records each ticket history (desk extension)', () => {
  it('issue, arrival, call with the desk, care: one entry each, in order, in the list and the answers', async () => {
    const issued = await p.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 1, requestUid: 'history-1', contractAppointmentId: 'A-hist', examTypeId: 'IRM' });
    expect(issued.status).toBe(200);
    await p.post(TICKET_SERVICE_PATHS.appointmentStatusChanged, { contractAppointmentId: 'A-hist', status: 'checkedIn' });
    const list = listForDayResponseSchema.parse((await p.post(TICKET_SERVICE_PATHS.listForDay, { officePlaceId: 1 })).body);
    const mine = list.tickets.find((ticket) => ticket.contractAppointmentId === 'A-hist')!;
    expect(mine.examTypeLabel).toBe('IRM');
    const called = await p.post(TICKET_SERVICE_PATHS.callTicket, { ticketId: mine.ticketId, kioskDeskId: 2, deskLabel: 'Accueil 2' });
    expect(callTicketResponseSchema.parse(called.body).ticket.history?.at(-1)).toMatchObject({ event: 'called', deskId: 2, deskLabel: 'Accueil 2' });
    await p.post(TICKET_SERVICE_PATHS.appointmentStatusChanged, { contractAppointmentId: 'A-hist', status: 'inCare' });
    await p.post(TICKET_SERVICE_PATHS.appointmentStatusChanged, { contractAppointmentId: 'A-hist', status: 'inCare' });
    const after = listForDayResponseSchema.parse((await p.post(TICKET_SERVICE_PATHS.listForDay, { officePlaceId: 1 })).body);
    const history = after.tickets.find((ticket) => ticket.ticketId === mine.ticketId)!.history!;
    // The repeated inCare changed nothing, so it is not a transition.
    expect(history.map((entry) => entry.event)).toEqual(['issued', 'checkedIn', 'called', 'inCare']);
    expect(history.every((entry) => entry.at.startsWith('2026-11-23T10:30:00'))).toBe(true);
  });
});

describe('the seeded training history', () => {
  it("today's seeded tickets: a history that agrees with the ticket (arrival, last call), in time order, never after now", () => {
    const { tickets } = seedWorld({ now: FIXED_NOW }).platform;
    expect(tickets.every((ticket) => ticket.day === '2026-11-23')).toBe(true);
    for (const ticket of tickets) {
      const history = ticket.history!;
      expect(history[0]).toEqual({ at: ticket.issuedAt, event: 'issued' });
      const times = history.map((entry) => Date.parse(entry.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.max(...times)).toBeLessThanOrEqual(FIXED_NOW.getTime());
      const lastCall = history.findLast((entry) => entry.event === 'called');
      expect(lastCall?.at).toBe(ticket.lastCall?.at);
    }
  });

  it('the training app keeps a week: finished days before today, busiest mid-morning, several desks, absences, transfers', () => {
    const { tickets } = seedWorld({ now: FIXED_NOW, keptDays: SANDBOX_KEPT_DAYS }).platform;
    const past = tickets.filter((ticket) => ticket.day !== '2026-11-23');
    expect(new Set(past.map((ticket) => ticket.day)).size).toBe(SANDBOX_KEPT_DAYS - 1);
    expect(past.every((ticket) => ticket.status === 'closed' || ticket.status === 'cancelled')).toBe(true);
    const perHour = new Map<string, number>();
    for (const ticket of past) perHour.set(ticket.issuedAt.slice(11, 13), (perHour.get(ticket.issuedAt.slice(11, 13)) ?? 0) + 1);
    const busiest = [...perHour].sort((a, b) => b[1] - a[1])[0]![0];
    expect(['09', '10', '11']).toContain(busiest);
    const events = past.flatMap((ticket) => ticket.history!);
    expect(new Set(events.filter((entry) => entry.event === 'called').map((entry) => entry.deskLabel)).size).toBeGreaterThanOrEqual(5);
    expect(events.some((entry) => entry.event === 'absent')).toBe(true);
    expect(events.some((entry) => entry.event === 'transfer')).toBe(true);
    expect(past.every((ticket) => ticket.patientDisplayName === null)).toBe(true);
  });
});
