import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrintQueue } from '../../../../src-main/printing/queue';
import { PrintSpooler } from '../../../../src-main/printing/spooler';
import { createTarget, type TargetDeps } from '../../../../src-main/printing/targets';
import { runCommand } from '../../../../src-main/printing/transports/system/command';
import { CupsSpooler } from '../../../../src-main/printing/transports/system/cups';
import { CupsServer } from '../../../helpers/cups-server';
import { PrinterEmulator } from '../../../helpers/printer-emulator';
import { until } from '../../../helpers/until';
import { tempDir, ticketJob } from './support';

/** The desk's own target factory, pointed at the test's CUPS. */
function systemTarget(queue: string, spooler: CupsSpooler) {
  const deps = { systemSpooler: spooler } as unknown as TargetDeps;
  return createTarget({ target: { kind: 'system', queue }, model: 'generic', codePage: 'cp858', paperWidth: 80 }, deps)!;
}

describe('system printer through a real CUPS', () => {
  let cups: CupsServer | string;
  let printer: PrinterEmulator;
  let spooler: CupsSpooler;

  beforeAll(async () => {
    printer = await PrinterEmulator.start();
    cups = await CupsServer.start();
    if (typeof cups === 'string') {
      console.warn(`CUPS tests skipped: ${cups}`);
      return;
    }
    await cups.addRawQueue('desk-test', printer.port);
    spooler = new CupsSpooler(runCommand, cups.env);
  }, 60_000);

  afterAll(async () => {
    if (typeof cups !== 'string') await cups?.close();
    await printer?.close();
  });

  it('CUPS raw queue receives the exact ticket bytes', async (context) => {
    if (typeof cups === 'string') return context.skip(cups);
    const desk = new PrintSpooler(await PrintQueue.open(tempDir()), { pollMs: 0 });
    await desk.setTarget(systemTarget('desk-test', spooler));
    expect(desk.status).toMatchObject({ state: 'online', problem: null });
    const job = ticketJob('S001');
    expect(await desk.submit(job)).toMatchObject({ outcome: 'printed' });
    const ticket = Buffer.from(job.bytes, 'base64');
    // CUPS prints in the background: wait for its socket backend to deliver, then for the job to leave its queue.
    await until(() => printer.receivedBytes().length >= ticket.length, 30_000);
    expect(printer.receivedBytes().equals(ticket)).toBe(true);
    expect(printer.numbers()).toEqual(['S001']);
    await until(async () => (await desk.checkStatus()).systemJobs === 0, 30_000);
    await desk.stop();
  }, 90_000);

  it('the system printer is offered by its queue name', async (context) => {
    if (typeof cups === 'string') return context.skip(cups);
    expect(await spooler.list()).toContain('desk-test');
  });

  it('a stopped queue keeps the ticket in the desk queue until it is resumed, then prints it once', async (context) => {
    if (typeof cups === 'string') return context.skip(cups);
    const before = printer.receivedBytes().length;
    await cups.tool('cupsdisable', ['desk-test']);
    const desk = new PrintSpooler(await PrintQueue.open(tempDir()), { pollMs: 0 });
    await desk.setTarget(systemTarget('desk-test', spooler));
    const job = ticketJob('S002');
    expect(await desk.submit(job)).toMatchObject({ outcome: 'queued' });
    expect(desk.status).toMatchObject({ state: 'offline', problem: 'systemQueueStopped' });
    expect(desk.views()[0]).toMatchObject({ formattedNumber: 'S002', state: 'waiting' });
    // Nothing was handed to CUPS while stopped: its queue is empty.
    expect((await cups.tool('lpstat', ['-o', 'desk-test'])).stdout.trim()).toBe('');
    await cups.tool('cupsenable', ['desk-test']);
    await desk.drain();
    expect(desk.views()[0]).toMatchObject({ formattedNumber: 'S002', state: 'printed' });
    const ticket = Buffer.from(job.bytes, 'base64');
    await until(() => printer.receivedBytes().length >= before + ticket.length, 30_000);
    expect(printer.receivedBytes().subarray(before).equals(ticket)).toBe(true);
    await desk.stop();
  }, 90_000);

  it('a queue that does not exist is named as missing, and the ticket waits', async (context) => {
    if (typeof cups === 'string') return context.skip(cups);
    const desk = new PrintSpooler(await PrintQueue.open(tempDir()), { pollMs: 0 });
    await desk.setTarget(systemTarget('no-such-queue', spooler));
    expect(await desk.submit(ticketJob('S003'))).toMatchObject({ outcome: 'queued' });
    expect(desk.status).toMatchObject({ state: 'offline', problem: 'systemQueueMissing' });
    await desk.stop();
  }, 60_000);

  it('a print system that is not running says so', async () => {
    // Port 1 on loopback: no scheduler there.
    const down = new CupsSpooler(runCommand, { CUPS_SERVER: '127.0.0.1:1' });
    await expect(down.state('desk-test')).rejects.toMatchObject({ problem: 'systemSpoolerUnavailable' });
  });
});
