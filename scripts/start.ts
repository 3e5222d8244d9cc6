// `npm start`: the desk, always. Electron when its binary is installed or can be installed
// the way Electron does it itself (with its progress); where it cannot be had (no network,
// download refused), one line says why and the browser preview starts instead: built,
// its address printed, and opened in Chromium where one is installed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { browserFor, electronExecutable, installFailureReason, planStart, previewAddress } from './start-plan';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isWindows = process.platform === 'win32';

function electronDir(): string | null {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

const plan = planStart({
  findElectron: () => {
    const dir = electronDir();
    return dir ? electronExecutable(dir) : null;
  },
  installElectron: () => {
    const dir = electronDir();
    if (!dir) return { ok: false, reason: 'the electron package is not installed (run npm ci)' };
    console.log('Desk Console: installing the Electron binary…');
    // Progress on the terminal as Electron shows it; the failure's stack trace kept for one line.
    const result = spawnSync(process.execPath, [path.join(dir, 'install.js')], { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
    return result.status === 0 ? { ok: true } : { ok: false, reason: installFailureReason(result.stderr ?? '') };
  },
});

function run(command: string, args: string[], options: { pipe?: boolean } = {}): ChildProcess {
  const child = spawn(command, args, { cwd: projectDir, stdio: ['inherit', options.pipe ? 'pipe' : 'inherit', 'inherit'], shell: false });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  }
  child.on('error', (error) => {
    console.error(`Desk Console: could not start ${path.basename(command)} (${error.message}).`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}

function build(): void {
  // Tests that built the app already may skip it; a person never needs to.
  if (process.env.DESK_START_SKIP_BUILD) return;
  const result = spawnSync(isWindows ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: projectDir, stdio: 'inherit', shell: isWindows });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function installed(command: string): boolean {
  return spawnSync(isWindows ? 'where' : 'which', [command], { stdio: 'ignore' }).status === 0;
}

if (plan.runtime === 'electron') {
  build();
  run(plan.executable, [projectDir, ...process.argv.slice(2)]);
} else {
  console.log(`Desk Console: ${plan.reason}; starting the browser preview instead.`);
  build();
  const host = run(process.execPath, [path.join(projectDir, 'dist/main/web-host.js'), ...process.argv.slice(2)], { pipe: true });
  let opened = false;
  createInterface({ input: host.stdout! }).on('line', (line) => {
    console.log(line);
    const address = opened ? null : previewAddress(line);
    if (!address) return;
    opened = true;
    const browser = browserFor(address, process.env, process.platform, installed);
    if (browser) spawn(browser.command, browser.args, { stdio: 'ignore', detached: true }).on('error', () => undefined).unref();
  });
}
