import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SERVICE_PATHS } from '../../../../../src-shared/platform/tickets';
import { KEY, LICENCE, startPlatform, type Platform } from './harness';

let p: Platform;
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(async () => {
  await p.close();
});

const POST_ROUTES = Object.entries(TICKET_SERVICE_PATHS)
  .filter(([name]) => name !== 'events')
  .map(([, path]) => path);

/** A body each route accepts, optional fields included: the fuzz breaks one field at a time. */
const VALID: Record<string, Record<string, unknown>> = {
  [TICKET_SERVICE_PATHS.issueForAppointment]: {
    officePlaceId: 1, requestUid: 'fuzz', prefix: 'I', examTypeId: 'IRM', examTypeLabel: 'IRM', contractAppointmentId: 'A-fuzz',
    patientDisplayName: 'Fuzz', examLabel: 'IRM', source: 'desk',
  },
  [TICKET_SERVICE_PATHS.appointmentStatusChanged]: { contractAppointmentId: 'A-fuzz', status: 'checkedIn' },
  [TICKET_SERVICE_PATHS.cancelForAppointment]: { contractAppointmentId: 'A-fuzz' },
  [TICKET_SERVICE_PATHS.getCheckinNotifySettings]: {},
  [TICKET_SERVICE_PATHS.printTicket]: { officePlaceId: 1, kioskDeskId: 1, data: { formattedNumber: 'I001' } },
  [TICKET_SERVICE_PATHS.listForDay]: { officePlaceId: 1, day: '2026-11-23' },
  [TICKET_SERVICE_PATHS.callTicket]: { ticketId: 'tkt-20261123-0022', kioskDeskId: 1, deskLabel: 'Accueil 1', recall: true },
};

/** Values of the wrong type for a field whose valid value is `valid`. */
function wrongValuesFor(valid: unknown): unknown[] {
  if (typeof valid === 'number') return ['1', 1.5, {}, [], true];
  if (typeof valid === 'string') return [1, {}, [], true, 'x'.repeat(600)];
  if (typeof valid === 'boolean') return ['yes', 1, {}];
  return ['x', [], 1, null];
}

/** Required fields per route (DESIGN.md §2, §3). */
const REQUIRED: Record<string, string[]> = {
  [TICKET_SERVICE_PATHS.issueForAppointment]: ['officePlaceId', 'requestUid'],
  [TICKET_SERVICE_PATHS.appointmentStatusChanged]: ['contractAppointmentId', 'status'],
  [TICKET_SERVICE_PATHS.cancelForAppointment]: ['contractAppointmentId'],
  [TICKET_SERVICE_PATHS.getCheckinNotifySettings]: [],
  [TICKET_SERVICE_PATHS.printTicket]: ['officePlaceId', 'kioskDeskId', 'data'],
  [TICKET_SERVICE_PATHS.listForDay]: [],
  [TICKET_SERVICE_PATHS.callTicket]: ['ticketId', 'kioskDeskId', 'deskLabel'],
};

describe('bad input never crashes the ticket services', () => {
  it.each(POST_ROUTES)('%s: malformed JSON → 400 {message}', async (path) => {
    const reply = await p.call('POST', path, { body: '{"licenceUuid": "', headers: { Authorization: KEY } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: expect.any(String) });
  });

  it.each(POST_ROUTES)('%s: each field with a wrong type → 400 {message} naming that field', async (path) => {
    const valid = VALID[path]!;
    for (const [field, value] of Object.entries(valid)) {
      for (const wrong of wrongValuesFor(value)) {
        const reply = await p.post(path, { ...valid, [field]: wrong });
        expect(reply.status, `${field} = ${JSON.stringify(wrong).slice(0, 40)}`).toBe(400);
        expect(reply.body).toEqual({ message: expect.stringMatching(new RegExp(`^${field}(\\.|:)`)) });
      }
    }
    for (const field of REQUIRED[path]!) {
      const { [field]: _removed, ...rest } = valid;
      const reply = await p.post(path, rest);
      expect(reply.status, `${field} missing`).toBe(400);
      expect(reply.body).toEqual({ message: expect.stringMatching(new RegExp(`^${field}:`)) });
    }
  });

  it.each(POST_ROUTES)('%s: bodies that are not objects → 401 (no licence can be read), never 500', async (path) => {
    for (const body of ['[]', '"text"', '42', 'null', 'true']) {
      const reply = await p.call('POST', path, { body, headers: { Authorization: KEY } });
      expect(reply.status).toBe(401);
    }
  });

  it.each(POST_ROUTES)('%s: an empty JSON body → 400, a wrong media type → 415, both {message}', async (path) => {
    const empty = await p.call('POST', path, { headers: { Authorization: KEY, 'Content-Type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: expect.any(String) });
    const text = await p.call('POST', path, { body: `{"licenceUuid":"${LICENCE}"}`, headers: { Authorization: KEY, 'Content-Type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ message: expect.any(String) });
  });

  it('a __proto__ key is refused as bad input, not merged', async () => {
    const reply = await p.call('POST', TICKET_SERVICE_PATHS.listForDay, {
      body: `{"licenceUuid":"${LICENCE}","__proto__":{"polluted":true}}`,
      headers: { Authorization: KEY },
    });
    expect(reply.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('the server is still up and serving after all of it', async () => {
    expect((await p.post(TICKET_SERVICE_PATHS.listForDay, {})).status).toBe(200);
  });
});
