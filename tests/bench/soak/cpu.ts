import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Who had the machine's two cores during an hour of the soak: the processes by kind, from
 * `/proc/<pid>/stat`, and how long their main threads waited for one, from `/proc/<pid>/schedstat`. The
 * event→screen p95 of an hour is the turn the probe's way gets on a saturated machine, so the hourly log
 * says what saturated it and who waited (Linux only; empty elsewhere).
 */
export type CpuGroup = 'pages' | 'gpu' | 'browser' | 'desks' | 'soak';

/** The process kind of a command line, null for a process the soak did not start. */
export function cpuGroupOf(commandLine: string, pid: number, ownPid: number): CpuGroup | null {
  if (pid === ownPid) return 'soak';
  if (commandLine.includes('web-host')) return 'desks';
  if (!/chrom/i.test(commandLine)) return null;
  if (commandLine.includes('--type=renderer')) return 'pages';
  if (commandLine.includes('--type=gpu-process')) return 'gpu';
  return 'browser';
}

/** User and system clock ticks of a `/proc/<pid>/stat` line (fields 14 and 15; the command may hold spaces). */
export function ticksOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** A count by kind of process: clock ticks of CPU, or ns waited for a core. */
export type ByGroup = Partial<Record<CpuGroup, number>>;

/**
 * How long a process's main thread has waited for a core, in ns: the second field of `/proc/<pid>/schedstat`
 * (the thread group's leader: a desk's event loop, a page's main thread). A page's or a desk's turn on a
 * saturated machine, which the CPU it used does not tell.
 */
export function runQueueWaitOf(schedstat: string): number {
  return Number(schedstat.trim().split(/\s+/)[1]) || 0;
}

/** Each kind's sum of `read(pid)` over the processes `only` keeps (all by default); empty where /proc is not. */
function perGroup(read: (pid: string) => number, ownPid: number, only: (pid: number) => boolean): ByGroup {
  const sums: ByGroup = {};
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name) && only(Number(name)));
  } catch {
    return sums;
  }
  for (const pid of pids) {
    try {
      const group = cpuGroupOf(readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' '), Number(pid), ownPid);
      if (group) sums[group] = (sums[group] ?? 0) + read(pid);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return sums;
}

/** The CPU clock ticks used so far, by kind; `only`: the processes to count (all by default). */
export function readCpuTicks(ownPid = process.pid, only: (pid: number) => boolean = () => true): ByGroup {
  return perGroup((pid) => ticksOf(readFileSync(`/proc/${pid}/stat`, 'latin1')), ownPid, only);
}

/** The main threads' waits for a core so far (ns), by kind. */
export function readRunQueueWaits(ownPid = process.pid, only: (pid: number) => boolean = () => true): ByGroup {
  return perGroup((pid) => runQueueWaitOf(readFileSync(`/proc/${pid}/schedstat`, 'latin1')), ownPid, only);
}

let clockTicks: number | null = null;
function ticksPerSecond(): number {
  if (clockTicks === null) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** Each kind's growth between two readings `seconds` apart, a second, times `scale`. */
function rates(before: ByGroup, after: ByGroup, seconds: number, scale: number): ByGroup {
  const shares: ByGroup = {};
  for (const group of Object.keys(after) as CpuGroup[]) {
    // A process that ended during the hour takes its counts with it: never a negative share.
    const grown = Math.max(0, (after[group] ?? 0) - (before[group] ?? 0));
    shares[group] = Math.round((scale * grown) / seconds);
  }
  return shares;
}

/** Percent of one core each kind used between two readings `seconds` apart (200 % is both cores). */
export function cpuShares(before: ByGroup, after: ByGroup, seconds: number, perSecond = ticksPerSecond()): ByGroup {
  return rates(before, after, seconds, 100 / perSecond);
}

/** Ms a second each kind's main threads waited for a core between two readings `seconds` apart. */
export function waitShares(before: ByGroup, after: ByGroup, seconds: number): ByGroup {
  return rates(before, after, seconds, 1e-6);
}
