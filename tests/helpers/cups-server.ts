import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand, type CommandResult } from '../../src-main/printing/transports/system/command';
import { until } from './until';

const CUPSD = ['/usr/sbin/cupsd', '/usr/local/sbin/cupsd'].find((candidate) => existsSync(candidate));

/**
 * A CUPS scheduler of the test's own: its configuration, spool, cache and logs in a temp
 * folder, listening on a free loopback port only, run in the foreground (`cupsd -f`), and
 * ended by its process id. The client tools reach it through CUPS_SERVER (`env`).
 */
export class CupsServer {
  private constructor(
    private readonly child: ChildProcess,
    readonly dir: string,
    readonly port: number,
  ) {}

  /** The running scheduler, or why there cannot be one here (cupsd not installed, or it never answered). */
  static async start(): Promise<CupsServer | string> {
    if (!CUPSD) return 'cupsd is not installed (Debian package cups; .ci/run installs it)';
    const port = await freePort();
    const dir = mkdtempSync(path.join(tmpdir(), 'desk-cups-'));
    for (const sub of ['spool', 'spool/tmp', 'cache', 'state', 'log']) mkdirSync(path.join(dir, sub), { recursive: true });
    // The socket backend runs as the `lp` user when cupsd runs as root: it must be able to enter the folder.
    chmodSync(dir, 0o755);
    writeFileSync(
      path.join(dir, 'cups-files.conf'),
      [
        `ServerRoot ${dir}`,
        `RequestRoot ${dir}/spool`,
        `TempDir ${dir}/spool/tmp`,
        `CacheDir ${dir}/cache`,
        `StateDir ${dir}/state`,
        `Printcap ${dir}/printcap`,
        `ErrorLog ${dir}/log/error_log`,
        `AccessLog ${dir}/log/access_log`,
        `PageLog ${dir}/log/page_log`,
        // A container lacks what a desktop has (avahi, /run/cups): only a failed Listen would matter.
        'FatalErrors none',
        '',
      ].join('\n'),
    );
    writeFileSync(
      path.join(dir, 'cupsd.conf'),
      [
        `Listen 127.0.0.1:${port}`,
        'LogLevel info',
        'Browsing No',
        'WebInterface No',
        'DefaultAuthType None',
        // Loopback only and a throwaway scheduler: every operation is allowed without a password.
        '<Location />',
        '  Order allow,deny',
        '  Allow all',
        '</Location>',
        '<Policy default>',
        '  <Limit All>',
        '    Order allow,deny',
        '    Allow all',
        '  </Limit>',
        '</Policy>',
        '',
      ].join('\n'),
    );
    const child = spawn(CUPSD, ['-f', '-c', path.join(dir, 'cupsd.conf'), '-s', path.join(dir, 'cups-files.conf')], { stdio: 'ignore' });
    const server = new CupsServer(child, dir, port);
    let exited = false;
    child.once('exit', () => (exited = true));
    try {
      await until(async () => exited || (await server.tool('lpstat', ['-r'])).stdout.includes('scheduler is running'), 30_000);
    } catch {
      await server.close();
      return `cupsd did not answer on 127.0.0.1:${port} within 30 s (see ${dir}/log/error_log)`;
    }
    if (exited) return `cupsd exited at start (see ${dir}/log/error_log)`;
    return server;
  }

  get env(): Record<string, string> {
    return { CUPS_SERVER: `127.0.0.1:${this.port}` };
  }

  /** A CUPS client tool against this scheduler. */
  tool(program: string, args: string[]): Promise<CommandResult> {
    return runCommand(program, args, { env: this.env, timeoutMs: 30_000 });
  }

  /** A raw queue (no filter, no driver) whose device is a port-9100 printer. */
  async addRawQueue(name: string, printerPort: number): Promise<void> {
    // `-m raw` still works on CUPS 2.4 (it warns that raw queues are deprecated); -E enables and accepts.
    const added = await this.tool('lpadmin', ['-p', name, '-E', '-v', `socket://127.0.0.1:${printerPort}`, '-m', 'raw', '-o', 'printer-is-shared=false']);
    if (added.code !== 0) throw new Error(`lpadmin failed: ${added.stderr}`);
  }

  async close(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
