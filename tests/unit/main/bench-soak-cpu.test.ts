import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cpuGroupOf, cpuShares, readCpuTicks, readRunQueueWaits, runQueueWaitOf, ticksOf, waitShares } from '../../bench/soak/cpu';

describe("the soak's hourly CPU by kind of process", () => {
  it('tells the pages, the GPU process, the browser and the desks apart by their command lines', () => {
    expect(cpuGroupOf('/usr/lib/chromium/chromium --type=renderer --lang=fr', 10, 1)).toBe('pages');
    expect(cpuGroupOf('/usr/lib/chromium/chromium --type=gpu-process --disable-gpu', 11, 1)).toBe('gpu');
    expect(cpuGroupOf('/usr/lib/chromium/chromium --type=utility --utility-sub-type=network.mojom.NetworkService', 12, 1)).toBe('browser');
    expect(cpuGroupOf('/usr/bin/node --inspect=127.0.0.1:0 dist/main/web-host.js --json', 13, 1)).toBe('desks');
    expect(cpuGroupOf('node tests/bench/soak.ts', 1, 1)).toBe('soak');
    expect(cpuGroupOf('/usr/sbin/cupsd -l', 14, 1)).toBeNull();
  });

  it('reads user and system ticks past a command name holding spaces and parentheses', () => {
    const fields = ['S', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '250', '40', '0', '0'];
    expect(ticksOf(`4242 (Web Content (x)) ${fields.join(' ')}`)).toBe(290);
  });

  it('gives percent of one core over the hour, never negative for a process that ended', () => {
    expect(cpuShares({ pages: 1_000, desks: 500 }, { pages: 13_000, desks: 400, gpu: 3_000 }, 100, 100)).toEqual({ pages: 120, desks: 0, gpu: 30 });
  });

  it("reads a main thread's wait for a core from its schedstat, as ms a second over the hour", () => {
    expect(runQueueWaitOf('386327427 697234414 2024\n')).toBe(697_234_414);
    expect(runQueueWaitOf('')).toBe(0);
    expect(waitShares({ desks: 1_000_000_000 }, { desks: 3_000_000_000, pages: 500_000_000 }, 10)).toEqual({ desks: 200, pages: 50 });
  });

  it('counts a busy process of the desks under the desks, from the real /proc', async () => {
    // A child named like a desk's main spins 300 ms of CPU (30 ticks at Linux's usual 100 a second, however loaded the
    // machine), says so, and stays.
    const child = spawn(process.execPath, ['-e', "while (process.cpuUsage().user < 300000); process.stdout.write('spun'); setTimeout(() => {}, 30000)", 'web-host'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      // Only this test's processes: other tests' desks may come and go meanwhile.
      const ticks = readCpuTicks(process.pid, (pid) => pid === child.pid || pid === process.pid);
      expect(ticks.desks).toBeGreaterThanOrEqual(20);
      expect(ticks.soak).toBeGreaterThan(0);
      expect(Object.keys(ticks).sort()).toEqual(['desks', 'soak']);
      // Both waits read from the real schedstat files (an unreadable one leaves its kind out).
      const waits = readRunQueueWaits(process.pid, (pid) => pid === child.pid || pid === process.pid);
      expect(Object.keys(waits).sort()).toEqual(['desks', 'soak']);
      expect(waits.soak).toBeGreaterThanOrEqual(0);
    } finally {
      child.kill();
    }
  });
});
