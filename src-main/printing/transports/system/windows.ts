import { PrinterFault } from '../../status';
import { runCommand, type CommandResult, type CommandRunner } from './command';
import type { SystemQueueState, SystemSpooler } from './spooler';

/**
 * Windows print spooler. PowerShell ships with every supported Windows; the raw write goes
 * through the Win32 spooler API (`OpenPrinter`, `StartDocPrinter` with the `RAW` datatype,
 * `WritePrinter`), compiled by `Add-Type` from the few lines below, as Microsoft documents
 * for sending raw data to a printer. `Out-Printer` is not used: it renders text through the
 * driver. Queue names and bytes travel in environment variables, never in the script.
 */
export class WindowsSpooler implements SystemSpooler {
  constructor(private readonly run: CommandRunner = runCommand) {}

  async list(): Promise<string[]> {
    const result = await this.powershell(LIST_SCRIPT, {});
    if (result.code !== 0) throw new PrinterFault('systemSpoolerUnavailable', brief(result));
    return result.stdout.split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length > 0);
  }

  async state(queue: string): Promise<SystemQueueState> {
    const result = await this.powershell(STATE_SCRIPT, { DESK_PRINT_QUEUE: queue });
    if (result.code !== 0) throw new PrinterFault('systemSpoolerUnavailable', brief(result));
    const fields = readFields(result.stdout);
    if (fields.get('printer') === 'absent') throw new PrinterFault('systemQueueMissing', `${queue}: no such printer`);
    return { ...conditionOf(queue, fields.get('status') ?? ''), jobs: Number.parseInt(fields.get('jobs') ?? '0', 10) || 0 };
  }

  async print(queue: string, bytes: Uint8Array): Promise<void> {
    const result = await this.powershell(PRINT_SCRIPT, { DESK_PRINT_QUEUE: queue, DESK_PRINT_BYTES: Buffer.from(bytes).toString('base64') });
    const outcome = readFields(result.stdout).get('result');
    if (result.code === 0 && outcome === 'ok') return;
    if (!outcome) throw new PrinterFault('systemSpoolerUnavailable', brief(result));
    const [stage, code] = outcome.split(':');
    // 1801 ERROR_INVALID_PRINTER_NAME: the printer was removed or renamed.
    if (stage === 'open' && code === '1801') throw new PrinterFault('systemQueueMissing', `${queue}: OpenPrinter 1801`);
    if (stage === 'open') throw new PrinterFault('systemSpoolerUnavailable', `OpenPrinter ${code}`);
    throw new PrinterFault('writeFailed', `${stage} ${code}`);
  }

  private async powershell(script: string, env: Record<string, string>): Promise<CommandResult> {
    // -EncodedCommand (UTF-16LE, base64) carries the script without any quoting rule of cmd.exe.
    const encoded = Buffer.from(`[Console]::OutputEncoding = [Text.Encoding]::UTF8\n${script}`, 'utf16le').toString('base64');
    try {
      return await this.run('powershell.exe', ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-EncodedCommand', encoded], { env, timeoutMs: 30_000 });
    } catch (error) {
      throw new PrinterFault('systemSpoolerUnavailable', `powershell.exe: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
    }
  }
}

/** `Get-Printer`'s PrinterStatus names; anything not listed reads as a printer that cannot print now. */
const READY = new Set(['Normal', 'Printing', 'Processing', 'IOActive', 'Busy', 'Waiting', 'WarmingUp', 'Initialization', 'PowerSave', 'TonerLow']);

function conditionOf(queue: string, status: string): Omit<SystemQueueState, 'jobs'> {
  if (READY.has(status) || status === '') return { state: 'online', paperNearEnd: false };
  if (status === 'Paused' || status === 'PendingDeletion') throw new PrinterFault('systemQueueStopped', `${queue}: ${status}`);
  if (status === 'PaperOut' || status === 'PaperProblem') return { state: 'paperOut', paperNearEnd: false };
  if (status === 'DoorOpen') return { state: 'coverOpen', paperNearEnd: false };
  return { state: 'offline', paperNearEnd: false };
}

function readFields(stdout: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of stdout.split(/\r?\n/)) {
    const at = line.indexOf('=');
    if (at > 0) fields.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return fields;
}

function brief(result: CommandResult): string {
  const text = `${result.stderr} ${result.stdout}`.replace(/\s+/g, ' ').trim();
  return (text || `exit code ${result.code}`).slice(0, 200);
}

export const LIST_SCRIPT = `$ErrorActionPreference = 'Stop'
Get-Printer | ForEach-Object { $_.Name }`;

// Where-Object, not -Name: printer names may hold [ ] which -Name reads as wildcards.
export const STATE_SCRIPT = `$ErrorActionPreference = 'Stop'
$p = Get-Printer | Where-Object { $_.Name -eq $env:DESK_PRINT_QUEUE } | Select-Object -First 1
if ($null -eq $p) { Write-Output 'printer=absent'; exit 0 }
Write-Output ('status=' + $p.PrinterStatus)
Write-Output ('jobs=' + $p.JobCount)`;

export const PRINT_SCRIPT = `$ErrorActionPreference = 'Stop'
Add-Type -TypeDefinition @'
using System;
using System.Runtime.InteropServices;
public static class DeskRawPrinter {
  [StructLayout(LayoutKind.Sequential, CharSet = CharSet.Unicode)]
  public class DocInfo { public string pDocName; public string pOutputFile; public string pDataType; }
  [DllImport("winspool.drv", EntryPoint = "OpenPrinterW", SetLastError = true, CharSet = CharSet.Unicode)]
  static extern bool OpenPrinter(string name, out IntPtr printer, IntPtr defaults);
  [DllImport("winspool.drv", SetLastError = true)] static extern bool ClosePrinter(IntPtr printer);
  [DllImport("winspool.drv", EntryPoint = "StartDocPrinterW", SetLastError = true, CharSet = CharSet.Unicode)]
  static extern int StartDocPrinter(IntPtr printer, int level, [In] DocInfo info);
  [DllImport("winspool.drv", SetLastError = true)] static extern bool EndDocPrinter(IntPtr printer);
  [DllImport("winspool.drv", SetLastError = true)] static extern bool AbortPrinter(IntPtr printer);
  [DllImport("winspool.drv", SetLastError = true)] static extern bool StartPagePrinter(IntPtr printer);
  [DllImport("winspool.drv", SetLastError = true)] static extern bool EndPagePrinter(IntPtr printer);
  [DllImport("winspool.drv", SetLastError = true)] static extern bool WritePrinter(IntPtr printer, byte[] bytes, int count, out int written);
  public static string Send(string name, byte[] bytes) {
    IntPtr printer;
    if (!OpenPrinter(name, out printer, IntPtr.Zero)) return "open:" + Marshal.GetLastWin32Error();
    try {
      DocInfo info = new DocInfo();
      info.pDocName = "Desk Console ticket";
      info.pDataType = "RAW";
      if (StartDocPrinter(printer, 1, info) == 0) return "startdoc:" + Marshal.GetLastWin32Error();
      int written = 0;
      bool ok = StartPagePrinter(printer) && WritePrinter(printer, bytes, bytes.Length, out written) && written == bytes.Length;
      if (!ok) {
        int error = Marshal.GetLastWin32Error();
        // A torn job is withdrawn: the desk sends the whole ticket again.
        AbortPrinter(printer);
        return "write:" + error;
      }
      EndPagePrinter(printer);
      return EndDocPrinter(printer) ? "ok" : "enddoc:" + Marshal.GetLastWin32Error();
    } finally {
      ClosePrinter(printer);
    }
  }
}
'@
$bytes = [Convert]::FromBase64String($env:DESK_PRINT_BYTES)
Write-Output ('result=' + [DeskRawPrinter]::Send($env:DESK_PRINT_QUEUE, $bytes))`;
