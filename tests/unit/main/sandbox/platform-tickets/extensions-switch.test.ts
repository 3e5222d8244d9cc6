import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_DISPLAY_PATHS, TICKET_SERVICE_PATHS } from '../../../../../src-shared/platform/tickets';
import { readPlatformFlags } from '../../../../../src-main/sandbox/platform/flags';
import { KEY, LICENCE, startPlatform, type Platform } from './harness';

let p: Platform;
const switchboard = { offered: false };
beforeAll(async () => {
  p = await startPlatform({ deskExtensions: switchboard });
});
afterAll(async () => {
  await p.close();
});

/** The extension routes; the GET ones only when asked (an offered event stream never ends). */
const extensionCalls = (withStreams = true) => {
  const waiting = p.world.tickets.find((ticket) => ticket.status === 'checkedIn')!;
  const posts = [
    p.post(TICKET_SERVICE_PATHS.listForDay, {}),
    p.post(TICKET_SERVICE_PATHS.callTicket, { ticketId: waiting.ticketId, kioskDeskId: 1, deskLabel: 'Accueil 1' }),
  ];
  if (!withStreams) return posts;
  return [
    ...posts,
    p.call('GET', `${TICKET_SERVICE_PATHS.events}?licenceUuid=${LICENCE}`, { headers: { Authorization: KEY } }),
    p.call('GET', `${DESK_DISPLAY_PATHS.lastCalls}?licenceUuid=${LICENCE}&officePlaceId=1`, { headers: { Authorization: KEY } }),
  ];
};

describe('desk extensions switch (a platform without them)', () => {
  it('answers 404 to listForDay, events, callTicket and lastCalls, as for a route it never had; the contract services still answer', async () => {
    const replies = await Promise.all(extensionCalls());
    expect(replies.map((reply) => reply.status)).toEqual([404, 404, 404, 404]);
    expect(replies[0]!.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const waiting = p.world.tickets.find((ticket) => ticket.status === 'checkedIn')!;
    expect(waiting.lastCall).toBeUndefined();
    const issued = await p.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 1, contractAppointmentId: 'A-switch', requestUid: 'switch-1' });
    expect(issued.status).toBe(200);
    const status = await p.post(TICKET_SERVICE_PATHS.appointmentStatusChanged, { contractAppointmentId: 'A-switch', status: 'checkedIn' });
    expect(status.body).toEqual({ updated: 1 });
  });

  it('is read on every request: switched back on, the extensions answer again', async () => {
    switchboard.offered = true;
    try {
      const [list, call] = await Promise.all(extensionCalls(false));
      expect([list!.status, call!.status]).toEqual([200, 200]);
    } finally {
      switchboard.offered = false;
    }
  });

  it('is the --no-desk-extensions flag of both command lines', () => {
    expect(readPlatformFlags(['--kiosk-every', '0', '--no-desk-extensions'])).toEqual({ deskExtensions: false });
    expect(readPlatformFlags(['--field-variations', 'all'])).toEqual({ deskExtensions: true });
  });
});
