import { spawn } from 'node:child_process';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CommandOptions {
  /** Written to the program's standard input, then closed. */
  input?: Uint8Array;
  /** Added to the desk's environment. */
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** Runs one program of the operating system (no shell: every argument reaches it as is). */
export type CommandRunner = (program: string, args: readonly string[], options?: CommandOptions) => Promise<CommandResult>;

/** Beyond this, a tool's output is cut: the desk reads a few status lines, never a log. */
const MAX_OUTPUT = 256 * 1024;

/**
 * The real runner. A program that cannot be started (not installed) rejects with its
 * errno code (ENOENT), one that runs past its time is killed and rejects with ETIMEDOUT;
 * otherwise the exit code and outputs come back for the caller to judge.
 */
export const runCommand: CommandRunner = (program, args, options = {}) =>
  new Promise((resolve, reject) => {
    // The system's tools answer in English whatever the desk's locale, so their lines can be read.
    const child = spawn(program, args, { env: { ...process.env, LC_ALL: 'C', LANG: 'C', ...options.env }, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_OUTPUT) into.push(chunk);
    };
    child.stdout.on('data', collect(out));
    child.stderr.on('data', collect(err));
    const timeoutMs = options.timeoutMs ?? 15_000;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(Object.assign(new Error(`${program} did not finish within ${timeoutMs} ms`), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
    // A program that exits before reading its input (wrong queue) must not crash the desk with EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ? Buffer.from(options.input) : undefined);
  });
