import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkinNotifySettingsResponseSchema, printTicketResponseSchema, TICKET_SERVICE_PATHS } from '../../../../../src-shared/platform/tickets';
import { OTHER_KEY, OTHER_LICENCE, startPlatform, type Platform } from './harness';

let p: Platform;
beforeAll(async () => {
  p = await startPlatform({
    // A second printer kiosk at office place 1, to see the choice by id.
    prepare: (world) => world.kiosks.push({ id: 7, externalId: 'KIOSK-LYON-7', officePlaceId: 1, hasPrinter: true }),
  });
});
afterAll(async () => {
  await p.close();
});

const print = (officePlaceId: number, kioskDeskId: number | null) =>
  p.post(TICKET_SERVICE_PATHS.printTicket, { officePlaceId, kioskDeskId, data: { formattedNumber: 'I004' } });

describe('getCheckinNotifySettings', () => {
  it('answers the world settings (global + per office place) and features {}', async () => {
    const reply = await p.post(TICKET_SERVICE_PATHS.getCheckinNotifySettings, {});
    expect(reply.status).toBe(200);
    expect(checkinNotifySettingsResponseSchema.parse(reply.body)).toEqual({ settings: p.world.checkinNotifySettings, features: {} });
  });

  it("a licence sees the global setting and its own office places' only", async () => {
    const reply = await p.post(TICKET_SERVICE_PATHS.getCheckinNotifySettings, { licenceUuid: OTHER_LICENCE }, OTHER_KEY);
    expect(reply.body).toEqual({ settings: [{ officePlaceId: null, enabled: true, excludedAnomalyCodes: [] }], features: {} });
  });
});

describe('printTicket: kiosk choice', () => {
  it('without kioskDeskId: the first kiosk of the office place with a printer', async () => {
    expect(printTicketResponseSchema.parse((await print(1, null)).body)).toEqual({ printed: true, deviceExternalId: 'KIOSK-LYON-1' });
  });

  it('kioskDeskId picks that kiosk', async () => {
    expect((await print(1, 7)).body).toEqual({ printed: true, deviceExternalId: 'KIOSK-LYON-7' });
  });

  it('kioskDeskId of a kiosk elsewhere or unknown → not printed (never on another kiosk)', async () => {
    expect((await print(1, 2)).body).toEqual({ printed: false, deviceExternalId: null });
    expect((await print(1, 404)).body).toEqual({ printed: false, deviceExternalId: null });
  });

  it('an office place whose kiosk has no printer → {printed: false, deviceExternalId: null}', async () => {
    expect((await print(3, null)).body).toEqual({ printed: false, deviceExternalId: null });
  });

  it('an office place outside the licence → 400 naming officePlaceId', async () => {
    const reply = await print(42, null);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: expect.stringMatching(/^officePlaceId:/) });
  });

  it('keeps the print jobs, printed or not, with their data', async () => {
    const jobs = p.tickets.printJobs();
    expect(jobs.map((job) => [job.officePlaceId, job.kioskDeskId, job.printed, job.deviceExternalId])).toEqual([
      [1, null, true, 'KIOSK-LYON-1'],
      [1, 7, true, 'KIOSK-LYON-7'],
      [1, 2, false, null],
      [1, 404, false, null],
      [3, null, false, null],
    ]);
    expect(jobs[0]).toMatchObject({ licenceId: 1, data: { formattedNumber: 'I004' } });
  });
});
