import { describe, expect, it } from 'vitest';
import { PrintQueue } from '../../../../src-main/printing/queue';
import { PrintSpooler } from '../../../../src-main/printing/spooler';
import { byteTarget } from '../../../../src-main/printing/targets';
import { SystemQueueTransport } from '../../../../src-main/printing/transports/system-queue';
import type { CommandOptions, CommandResult, CommandRunner } from '../../../../src-main/printing/transports/system/command';
import { WindowsSpooler } from '../../../../src-main/printing/transports/system/windows';
import { tempDir, ticketJob } from './support';

interface Call {
  program: string;
  script: string;
  env: Record<string, string>;
}

/**
 * Windows does not exist here: PowerShell is a double that answers what Get-Printer and the
 * raw-write script print on a real spooler, and keeps what the desk asked of it.
 */
function fakePowerShell(answer: (call: Call) => Partial<CommandResult>): { run: CommandRunner; calls: Call[] } {
  const calls: Call[] = [];
  const run: CommandRunner = async (program, args, options: CommandOptions = {}) => {
    const encoded = args[args.indexOf('-EncodedCommand') + 1]!;
    const call = { program, script: Buffer.from(encoded, 'base64').toString('utf16le'), env: options.env ?? {} };
    calls.push(call);
    return { code: 0, stdout: '', stderr: '', ...answer(call) };
  };
  return { run, calls };
}

const isPrint = (call: Call) => call.script.includes('WritePrinter');

describe('Windows spooler (RAW datatype)', () => {
  it("hands the ticket's exact bytes to WritePrinter on the named printer, as a RAW document", async () => {
    const { run, calls } = fakePowerShell((call) => (isPrint(call) ? { stdout: 'result=ok\r\n' } : { stdout: 'status=Normal\r\njobs=0\r\n' }));
    const desk = new PrintSpooler(await PrintQueue.open(tempDir()), { pollMs: 0 });
    await desk.setTarget(byteTarget('system', new SystemQueueTransport(new WindowsSpooler(run), 'EPSON TM-T20III [Accueil]')));
    const job = ticketJob('W001');
    expect(await desk.submit(job)).toMatchObject({ outcome: 'printed' });
    const print = calls.find(isPrint)!;
    expect(print.program).toBe('powershell.exe');
    expect(print.script).toContain('pDataType = "RAW"');
    // The name and the bytes travel as variables: a name with quotes or brackets cannot change the script.
    expect(print.env.DESK_PRINT_QUEUE).toBe('EPSON TM-T20III [Accueil]');
    expect(print.script).not.toContain('Accueil');
    expect(Buffer.from(print.env.DESK_PRINT_BYTES!, 'base64').equals(Buffer.from(job.bytes, 'base64'))).toBe(true);
    await desk.stop();
  });

  it('reads the printer list and the states a technician must act on', async () => {
    const states: Record<string, string> = { Ready: 'status=Normal\njobs=2', Paused: 'status=Paused\njobs=1', Paper: 'status=PaperOut\njobs=0', Gone: 'printer=absent' };
    const { run } = fakePowerShell((call) =>
      call.script.includes('ForEach-Object') ? { stdout: 'Ready\r\nPaused\r\n' } : { stdout: states[call.env.DESK_PRINT_QUEUE!] ?? '' },
    );
    const windows = new WindowsSpooler(run);
    expect(await windows.list()).toEqual(['Ready', 'Paused']);
    expect(await windows.state('Ready')).toMatchObject({ state: 'online', jobs: 2 });
    expect(await windows.state('Paper')).toMatchObject({ state: 'paperOut' });
    await expect(windows.state('Paused')).rejects.toMatchObject({ problem: 'systemQueueStopped' });
    await expect(windows.state('Gone')).rejects.toMatchObject({ problem: 'systemQueueMissing' });
  });

  it('a printer removed since it was chosen, or a spooler that is stopped, is said in plain words', async () => {
    const removed = new WindowsSpooler(fakePowerShell(() => ({ stdout: 'result=open:1801' })).run);
    await expect(removed.print('Old', Uint8Array.of(1))).rejects.toMatchObject({ problem: 'systemQueueMissing' });
    const stopped = new WindowsSpooler(fakePowerShell(() => ({ code: 1, stderr: 'The spooler service is not reachable.' })).run);
    await expect(stopped.state('Any')).rejects.toMatchObject({ problem: 'systemSpoolerUnavailable' });
    const noPowerShell = new WindowsSpooler(async () => {
      throw Object.assign(new Error('spawn powershell.exe ENOENT'), { code: 'ENOENT' });
    });
    await expect(noPowerShell.list()).rejects.toMatchObject({ problem: 'systemSpoolerUnavailable' });
  });

  it('a job the system queue took is never sent twice, even when the queue is paused right after', async () => {
    let paused = false;
    const { run, calls } = fakePowerShell((call) => {
      if (isPrint(call)) {
        // An administrator pauses the printer while the ticket is in its queue.
        paused = true;
        return { stdout: 'result=ok' };
      }
      return { stdout: paused ? 'status=Paused\njobs=1' : 'status=Normal\njobs=0' };
    });
    const desk = new PrintSpooler(await PrintQueue.open(tempDir()), { pollMs: 0 });
    await desk.setTarget(byteTarget('system', new SystemQueueTransport(new WindowsSpooler(run), 'Receipt')));
    expect(await desk.submit(ticketJob('W002'))).toMatchObject({ outcome: 'queued' });
    expect(desk.status).toMatchObject({ problem: 'systemQueueStopped' });
    paused = false;
    await desk.drain();
    expect(desk.views()[0]).toMatchObject({ formattedNumber: 'W002', state: 'printed' });
    expect(calls.filter(isPrint)).toHaveLength(1);
    await desk.stop();
  });
});
