import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_DISPLAY_PATHS, platformErrorBodySchema, TICKET_SERVICE_PATHS } from '../../../../../src-shared/platform/tickets';
import { KEY, LICENCE, OTHER_KEY, OTHER_LICENCE, startPlatform, type Platform } from './harness';

let p: Platform;
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(async () => {
  await p.close();
});

/** A body each route would accept, so that only authentication can refuse it. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  [TICKET_SERVICE_PATHS.issueForAppointment]: { officePlaceId: 1, requestUid: 'auth-test' },
  [TICKET_SERVICE_PATHS.appointmentStatusChanged]: { contractAppointmentId: 'A5042~RDV24147', status: 'inCare' },
  [TICKET_SERVICE_PATHS.cancelForAppointment]: { contractAppointmentId: 'A5042~RDV24147' },
  [TICKET_SERVICE_PATHS.getCheckinNotifySettings]: {},
  [TICKET_SERVICE_PATHS.printTicket]: { officePlaceId: 1, kioskDeskId: null, data: {} },
  [TICKET_SERVICE_PATHS.listForDay]: {},
  [TICKET_SERVICE_PATHS.callTicket]: { ticketId: 'tkt-20261123-0022', kioskDeskId: 1, deskLabel: 'Accueil 1' },
};
const POST_ROUTES = Object.keys(VALID_BODIES);

async function expect401(reply: { status: number; body: unknown }) {
  expect(reply.status).toBe(401);
  expect(platformErrorBodySchema.parse(reply.body).message).toMatch(/key|licence/i);
}

describe('ticket services: authentication (raw account key + licenceUuid, same licence)', () => {
  it.each(POST_ROUTES)('%s: 401 {message} for a bad key', async (path) => {
    await expect401(await p.post(path, VALID_BODIES[path]!, 'not-the-key'));
  });

  it.each(POST_ROUTES)('%s: 401 {message} for the key of another licence', async (path) => {
    await expect401(await p.post(path, VALID_BODIES[path]!, OTHER_KEY));
  });

  it.each(POST_ROUTES)('%s: 401 {message} when licenceUuid is missing', async (path) => {
    const reply = await p.call('POST', path, { body: VALID_BODIES[path], headers: { Authorization: KEY } });
    await expect401(reply);
  });

  it('401 for the licence of another key, and for a Bearer-prefixed key (the key is sent raw)', async () => {
    await expect401(await p.post(TICKET_SERVICE_PATHS.listForDay, { licenceUuid: OTHER_LICENCE }));
    await expect401(await p.post(TICKET_SERVICE_PATHS.listForDay, {}, `Bearer ${KEY}`));
    await expect401(await p.call('POST', TICKET_SERVICE_PATHS.listForDay, { body: { licenceUuid: LICENCE } }));
  });

  it('401 comes before validation: a bad key with a malformed body is still 401', async () => {
    await expect401(await p.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 'one' }, 'nope'));
  });

  it('events and lastCalls: 401 {message} without the key of the licence in the query', async () => {
    await expect401(await p.call('GET', `${TICKET_SERVICE_PATHS.events}?licenceUuid=${LICENCE}`, { headers: { Authorization: OTHER_KEY } }));
    await expect401(await p.call('GET', `${TICKET_SERVICE_PATHS.events}?licenceUuid=${LICENCE}`));
    await expect401(await p.call('GET', TICKET_SERVICE_PATHS.events, { headers: { Authorization: KEY } }));
    await expect401(await p.call('GET', `${DESK_DISPLAY_PATHS.lastCalls}?licenceUuid=${LICENCE}&officePlaceId=1`, { headers: { Authorization: 'x' } }));
  });

  it('the right key and licence pass', async () => {
    expect((await p.post(TICKET_SERVICE_PATHS.getCheckinNotifySettings, {})).status).toBe(200);
  });
});
