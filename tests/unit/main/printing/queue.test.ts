import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PrinterStatus } from '../../../../src-shared/ipc/features/printing.contract';
import { PrintQueue } from '../../../../src-main/printing/queue';
import { PrintSpooler } from '../../../../src-main/printing/spooler';
import { byteTarget } from '../../../../src-main/printing/targets';
import { TcpTransport } from '../../../../src-main/printing/transports/tcp';
import { PrinterEmulator } from '../../../helpers/printer-emulator';
import { eventually, tempDir, ticketJob } from './support';

let printer: PrinterEmulator;
const spoolers: PrintSpooler[] = [];

beforeEach(async () => {
  printer = await PrinterEmulator.start();
});
afterEach(async () => {
  await Promise.all(spoolers.splice(0).map((spooler) => spooler.stop()));
  await printer.close();
});

/** A desk process: the durable queue in `dir`, spooling to the emulator over TCP 9100. */
async function desk(dir: string, pollMs = 0) {
  const statuses: PrinterStatus[] = [];
  const queue = await PrintQueue.open(dir);
  const spooler = new PrintSpooler(queue, { pollMs, onStatus: (status) => statuses.push(status) });
  spoolers.push(spooler);
  await spooler.setTarget(byteTarget('network', new TcpTransport({ host: '127.0.0.1', port: printer.port, answerTimeoutMs: 300 })));
  spooler.start();
  return { spooler, statuses };
}

describe('print queue over TCP 9100', () => {
  it('prints a ticket and reports it printed once the printer says all is well', async () => {
    const { spooler } = await desk(tempDir());
    expect(await spooler.submit(ticketJob('A001'))).toMatchObject({ outcome: 'printed' });
    expect(printer.numbers()).toEqual(['A001']);
    expect(printer.texts()[0]).toContain('Radiographie du thorax');
    expect(spooler.status).toMatchObject({ state: 'online', paperNearEnd: false });
  });

  it('reads paper near end, paper out and cover open from DLE EOT', async () => {
    const { spooler } = await desk(tempDir());
    printer.set({ paper: 'nearEnd' });
    expect(await spooler.checkStatus()).toMatchObject({ state: 'online', paperNearEnd: true });
    printer.set({ paper: 'out' });
    expect(await spooler.checkStatus()).toMatchObject({ state: 'paperOut' });
    printer.set({ paper: 'ok', coverOpen: true });
    expect(await spooler.checkStatus()).toMatchObject({ state: 'coverOpen' });
  });

  it('paper out: the job waits without a byte sent, then prints once when paper is back', async () => {
    const { spooler, statuses } = await desk(tempDir(), 50);
    printer.set({ paper: 'out' });
    expect(await spooler.submit(ticketJob('A002'))).toMatchObject({ outcome: 'queued' });
    expect(spooler.views()[0]).toMatchObject({ formattedNumber: 'A002', state: 'waiting', waitingFor: 'paperOut' });
    expect(statuses.at(-1)).toMatchObject({ state: 'paperOut' });
    printer.set({ paper: 'ok' });
    await eventually(() => spooler.views()[0]?.state === 'printed');
    expect(printer.numbers()).toEqual(['A002']);
  });

  it('paper runs out in the middle of a job: the printer keeps the rest, the desk never sends it again', async () => {
    const { spooler } = await desk(tempDir(), 50);
    printer.runOutAfter(60);
    expect(await spooler.submit(ticketJob('A003'))).toMatchObject({ outcome: 'queued' });
    expect(spooler.views()[0]).toMatchObject({ formattedNumber: 'A003', state: 'waiting', waitingFor: 'paperOut' });
    expect(printer.numbers()).toEqual([]);
    printer.set({ paper: 'ok' });
    await eventually(() => spooler.views()[0]?.state === 'printed');
    expect(printer.numbers()).toEqual(['A003']);
  });

  it('unplugged in the middle of a job: the torn job is sent again whole, one ticket comes out', async () => {
    const { spooler } = await desk(tempDir(), 50);
    printer.unplugAfter(40);
    const outcome = await spooler.submit(ticketJob('A004'));
    expect(outcome.outcome).toBe('queued');
    expect(spooler.status).toMatchObject({ state: 'offline' });
    expect(printer.numbers()).toEqual([]);
    printer.plugIn();
    await eventually(() => spooler.views()[0]?.state === 'printed');
    expect(printer.numbers()).toEqual(['A004']);
  });

  it('survives a restart: waiting jobs are on disk and print once from the next process', async () => {
    const dir = tempDir();
    printer.unplug();
    const first = await desk(dir);
    await first.spooler.submit(ticketJob('A005'));
    await first.spooler.submit(ticketJob('A006'));
    await first.spooler.stop();
    const onDisk = JSON.parse(readFileSync(path.join(dir, 'print-queue.json'), 'utf8')) as { pending: { formattedNumber: string }[] };
    expect(onDisk.pending.map((job) => job.formattedNumber)).toEqual(['A005', 'A006']);
    printer.plugIn();
    const second = await desk(dir);
    await eventually(() => second.spooler.views().filter((job) => job.state === 'printed').length === 2);
    expect(printer.numbers()).toEqual(['A005', 'A006']);
    // A third start finds nothing left to print.
    await second.spooler.stop();
    const third = await desk(dir);
    await third.spooler.drain();
    expect(printer.numbers()).toEqual(['A005', 'A006']);
  });

  it('a replayed request (same key) is the same job: never a second ticket', async () => {
    const { spooler } = await desk(tempDir());
    printer.set({ paper: 'out' });
    const first = await spooler.submit(ticketJob('A007', 'reprint:click-1', 'reprint'));
    const replay = await spooler.submit(ticketJob('A007', 'reprint:click-1', 'reprint'));
    expect(replay.jobId).toBe(first.jobId);
    printer.set({ paper: 'ok' });
    await spooler.drain();
    const late = await spooler.submit(ticketJob('A007', 'reprint:click-1', 'reprint'));
    expect(late).toEqual({ outcome: 'printed', jobId: first.jobId });
    expect(printer.numbers()).toEqual(['A007']);
  });

  it('a second reprint of an appointment while the first still waits is that same ticket', async () => {
    const { spooler } = await desk(tempDir());
    printer.set({ paper: 'out' });
    const [first, second] = await Promise.all([
      spooler.submit(ticketJob('A010', 'reprint:click-a', 'reprint')),
      spooler.submit(ticketJob('A010', 'reprint:click-b', 'reprint')),
    ]);
    expect(second.jobId).toBe(first.jobId);
    printer.set({ paper: 'ok' });
    await spooler.drain();
    expect(printer.numbers()).toEqual(['A010']);
  });

  it('a waiting job can be cancelled by the user and is never printed', async () => {
    const { spooler } = await desk(tempDir());
    printer.set({ coverOpen: true });
    const { jobId } = await spooler.submit(ticketJob('A008'));
    expect(await spooler.cancel(jobId!)).toBe(true);
    printer.set({ coverOpen: false });
    await spooler.drain();
    expect(printer.numbers()).toEqual([]);
    expect(spooler.views()[0]).toMatchObject({ formattedNumber: 'A008', state: 'cancelled' });
  });

  it('a printer that never answers status is offline with a reason, and nothing is sent', async () => {
    const { spooler } = await desk(tempDir());
    printer.mute = true;
    await spooler.submit(ticketJob('A009'));
    expect(spooler.status).toMatchObject({ state: 'offline', problem: 'noAnswer' });
    expect(printer.numbers()).toEqual([]);
  });

  it('lets go of the printer when idle, so another desk sharing it gets its turn', async () => {
    const transport = new TcpTransport({ host: '127.0.0.1', port: printer.port, idleCloseMs: 50 });
    expect(await transport.status()).toEqual({ state: 'online', paperNearEnd: false });
    expect(printer.openConnections).toBe(1);
    await eventually(() => printer.openConnections === 0);
    expect(await transport.status()).toEqual({ state: 'online', paperNearEnd: false });
    await transport.close();
  });

  it('a refused connection names the problem for the technician', async () => {
    const { spooler } = await desk(tempDir());
    await printer.close();
    expect(await spooler.checkStatus()).toMatchObject({ state: 'offline', problem: 'networkRefused' });
    printer = await PrinterEmulator.start();
  });
});
