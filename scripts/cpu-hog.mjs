// Runs a command with every core kept busy beside it, so timing-sensitive tests fail in CI
// rather than on a loaded reception PC: `node scripts/cpu-hog.mjs vitest run ...`.
// The hogs are threads of this process, so they end with it whatever happens to the command.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/cpu-hog.mjs <command> [args...]');
  process.exit(2);
}

const cores = os.availableParallelism();
// eval: a busy loop needs no file of its own; terminate() interrupts it.
const hogs = Array.from({ length: cores }, () => new Worker('for (;;) { Math.sqrt(Math.random()); }', { eval: true }));
console.log(`cpu-hog: ${cores} busy thread(s) beside \`${[command, ...args].join(' ')}\``);
const started = Date.now();

// Told to the command, so a runner can give each test more time: the hog looks for races, not for speed.
const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32', env: { ...process.env, DESK_CPU_HOG: String(cores) } });

async function finish(code) {
  await Promise.all(hogs.map((hog) => hog.terminate()));
  console.log(`cpu-hog: finished in ${Math.round((Date.now() - started) / 1000)} s (exit ${code})`);
  process.exit(code);
}

child.on('error', (error) => {
  console.error(`cpu-hog: could not start ${command}: ${error.message}`);
  void finish(1);
});
child.on('exit', (code, signal) => void finish(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child.kill(signal);
    void finish(1);
  });
}
