#!/usr/bin/env node
// `npm start`: build, then run the app in Electron, passing its exit code through.
// Where the Electron binary is not installed (it cannot be downloaded on every machine),
// print one line pointing at the browser preview and exit with code 1.
//
// The executable is located the way `require('electron')` does (node_modules/electron/
// path.txt, ELECTRON_OVERRIDE_DIST_PATH) but without calling it: from Electron 42 on,
// `require('electron')` starts a download of the binary when it is missing, printing
// progress and stack traces.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isWindows = process.platform === 'win32';

function findElectronExecutable() {
  let electronDir;
  try {
    electronDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = path.join(electronDir, 'path.txt');
  const executablePath = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  let candidate = null;
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    candidate = path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH, executablePath || 'electron');
  } else if (executablePath) {
    candidate = path.join(electronDir, 'dist', executablePath);
  }
  if (!candidate) return null;
  try {
    if (!statSync(candidate).isFile()) return null;
    if (!isWindows) accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return null;
  }
}

const electron = findElectronExecutable();
if (!electron) {
  console.error(
    'Desk Console: the Electron binary is not installed on this machine; use `npm run start:web` for the browser preview.',
  );
  process.exit(1);
}

const buildResult = spawnSync(isWindows ? 'npm.cmd' : 'npm', ['run', 'build'], {
  cwd: projectDir,
  stdio: 'inherit',
  shell: isWindows,
});
if (buildResult.status !== 0) {
  process.exit(buildResult.status ?? 1);
}

const child = spawn(electron, [projectDir, ...process.argv.slice(2)], { cwd: projectDir, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('error', (error) => {
  console.error(`Desk Console: could not start Electron (${error.message}).`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
