import { PrinterFault } from '../../status';
import { runCommand, type CommandResult, type CommandRunner } from './command';
import type { SystemQueueState, SystemSpooler } from './spooler';

/**
 * CUPS (Linux, macOS) through its own client tools: `lp -o raw` hands the bytes over
 * unfiltered, `lpstat` tells the queue's state. The tools follow the computer's CUPS
 * settings (CUPS_SERVER, client.conf), so a desk printing through a print server needs
 * nothing of its own. Their answers are read in the C locale (see runCommand).
 */
export class CupsSpooler implements SystemSpooler {
  constructor(
    private readonly run: CommandRunner = runCommand,
    private readonly env: Record<string, string> = {},
  ) {}

  async list(): Promise<string[]> {
    const result = await this.tool('lpstat', ['-e']);
    if (result.code !== 0) throw new PrinterFault('systemSpoolerUnavailable', brief(result));
    return result.stdout.split('\n').map((line) => line.trim()).filter((line) => line.length > 0);
  }

  async state(queue: string): Promise<SystemQueueState> {
    // One call: scheduler, printer, acceptance and the jobs it holds.
    const result = await this.tool('lpstat', ['-r', '-p', queue, '-a', queue, '-o', queue]);
    return readLpstat(queue, result);
  }

  async print(queue: string, bytes: Uint8Array): Promise<void> {
    // The title is what `lpstat -o` and the CUPS web page show: never a patient's name.
    const result = await this.tool('lp', ['-d', queue, '-o', 'raw', '-t', 'Desk Console ticket'], bytes);
    if (result.code === 0 && /request id is /.test(result.stdout)) return;
    const said = brief(result);
    if (/does not exist|Invalid destination/i.test(said)) throw new PrinterFault('systemQueueMissing', `${queue}: ${said}`);
    if (/not accepting/i.test(said)) throw new PrinterFault('systemQueueStopped', `${queue}: ${said}`);
    if (/scheduler is not running|Unable to connect|Connection refused/i.test(said)) throw new PrinterFault('systemSpoolerUnavailable', said);
    throw new PrinterFault('writeFailed', `lp: ${said}`);
  }

  private async tool(program: string, args: string[], input?: Uint8Array): Promise<CommandResult> {
    try {
      return await this.run(program, args, { input, env: this.env, timeoutMs: 15_000 });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      // No `lp`/`lpstat`: CUPS's client tools are not installed on this computer.
      throw new PrinterFault('systemSpoolerUnavailable', `${program}: ${code}`);
    }
  }
}

/** Reads `lpstat -r -p Q -a Q -o Q`. */
export function readLpstat(queue: string, result: CommandResult): SystemQueueState {
  const lines = result.stdout.split('\n');
  if (lines.some((line) => line.startsWith('scheduler is not running'))) throw new PrinterFault('systemSpoolerUnavailable', 'scheduler is not running');
  const printerAt = lines.findIndex((line) => line.startsWith(`printer ${queue} `));
  if (printerAt < 0 || /Invalid destination|does not exist/i.test(result.stderr)) throw new PrinterFault('systemQueueMissing', `${queue}: ${brief(result)}`);
  const reason = (at: number) => (lines[at + 1]?.startsWith('\t') ? lines[at + 1]!.trim() : '');
  if (/ disabled since /.test(lines[printerAt]!)) throw new PrinterFault('systemQueueStopped', `${queue}: disabled ${reason(printerAt)}`.trim());
  const rejectingAt = lines.findIndex((line) => line.startsWith(`${queue} not accepting requests`));
  if (rejectingAt >= 0) throw new PrinterFault('systemQueueStopped', `${queue}: not accepting requests ${reason(rejectingAt)}`.trim());
  const jobLine = new RegExp(`^${escapeRegExp(queue)}-\\d+\\s`);
  return { state: 'online', paperNearEnd: false, jobs: lines.filter((line) => jobLine.test(line)).length };
}

function brief(result: CommandResult): string {
  const text = `${result.stderr} ${result.stdout}`.replace(/\s+/g, ' ').trim();
  return (text || `exit code ${result.code}`).slice(0, 200);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
