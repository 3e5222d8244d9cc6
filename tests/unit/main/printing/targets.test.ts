import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformHttp } from '../../../../src-main/platform/tickets/http';
import { PrintQueue } from '../../../../src-main/printing/queue';
import { PrintSpooler } from '../../../../src-main/printing/spooler';
import { byteTarget, PLATFORM_RETRY_MS, platformTarget } from '../../../../src-main/printing/targets';
import { DeviceFileTransport } from '../../../../src-main/printing/transports/device-file';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { readEscPos } from '../../../helpers/escpos-reader';
import { tempDir, ticketJob } from './support';

describe('Linux printer device file', () => {
  it('writes the whole job to the device and reports a missing device with its fix', async () => {
    const dir = tempDir();
    const device = path.join(dir, 'lp0');
    writeFileSync(device, '');
    const spooler = new PrintSpooler(await PrintQueue.open(dir), { pollMs: 0 });
    await spooler.setTarget(byteTarget('device', new DeviceFileTransport(device)));
    expect(await spooler.submit(ticketJob('C001'))).toMatchObject({ outcome: 'printed' });
    const read = readEscPos(readFileSync(device));
    expect(read.lines.find((line) => line.size === 2)?.text.trim()).toBe('C001');
    await spooler.setTarget(byteTarget('device', new DeviceFileTransport(path.join(dir, 'lp9'))));
    expect(spooler.status).toMatchObject({ state: 'offline', problem: 'deviceMissing' });
    await spooler.stop();
  });
});

describe('kiosk printing through the platform (printTicket)', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ kioskIntervalMs: 0 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const http = () => new PlatformHttp({ platformUrl: sandbox.platformUrl, licenceUuid: sandbox.licenceUuid, accountKey: sandbox.accountKey });

  it("hands the ticket's facts to a kiosk of the office place, once", async () => {
    const spooler = new PrintSpooler(await PrintQueue.open(tempDir()), { pollMs: 0 });
    await spooler.setTarget(platformTarget(http(), null, () => 'Centre Lyon'));
    expect(await spooler.submit({ ...ticketJob('D001'), officePlaceId: 1 })).toMatchObject({ outcome: 'printed' });
    const jobs = sandbox.platform.tickets.printJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ officePlaceId: 1, printed: true, data: { formattedNumber: 'D001', establishmentName: 'Centre Lyon' } });
    await spooler.stop();
  });

  it('an office place without a kiosk printer: the job waits and says why', async () => {
    const spooler = new PrintSpooler(await PrintQueue.open(tempDir()), { pollMs: 0 });
    let clock = 0;
    await spooler.setTarget(platformTarget(http(), null, () => 'Villeurbanne', () => clock));
    expect(await spooler.submit({ ...ticketJob('D002'), officePlaceId: 3 })).toMatchObject({ outcome: 'queued' });
    expect(spooler.status).toMatchObject({ problem: 'platformNoKiosk' });
    expect(spooler.views()[0]).toMatchObject({ formattedNumber: 'D002', state: 'waiting' });
    // The failure stays the status (no flicker to "ready") until the next try is due.
    expect(await spooler.checkStatus()).toMatchObject({ state: 'offline', problem: 'platformNoKiosk' });
    const tried = sandbox.platform.tickets.printJobs().length;
    clock += PLATFORM_RETRY_MS;
    await spooler.drain();
    expect(sandbox.platform.tickets.printJobs().length).toBe(tried + 1);
    expect(spooler.views()[0]).toMatchObject({ formattedNumber: 'D002', state: 'waiting' });
    await spooler.stop();
  });
});
