import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { startDesk } from '../../src-main/desk';
import { startSandbox } from '../../src-main/sandbox/start';
import { seedWorld } from '../../src-main/sandbox/world/seed';
import { SANDBOX_KEPT_DAYS } from '../../src-main/sandbox/world/history';
import { computeDayFigures, ticketFacts, timeOf } from '../../src-main/statistics/figures';
import { estimateWaits } from '../../src-main/statistics/wait-estimate';
import { startPreviewHost } from '../../src-main/web/host';
import type { DeskTicket, TicketHistoryEntry, TicketStatus } from '../../src-shared/platform/tickets';
import { estimateFor, roundedWait } from '../../src-shared/statistics/wait-estimate';
import { TestKeystore } from '../helpers/test-keystore';
import { percentile, type Benchmark } from './harness';

const DAY = '2026-11-23';
const DESKS = ['Accueil 1', 'Accueil 2', 'Accueil 3', 'Accueil 4'];
const EXAM_TYPES = ['IRM', 'SCAN', 'RADIO', 'ECHO', 'MAMMO'];

/** A very busy day: `count` finished tickets over 12 hours, each with a full history (6–8 entries). */
function busyDay(count: number): DeskTicket[] {
  const start = Date.parse(`${DAY}T07:00:00+01:00`);
  const at = (ms: number) => `${new Date(ms + 3_600_000).toISOString().slice(0, 19)}+01:00`;
  return Array.from({ length: count }, (_, n) => {
    const arrival = start + Math.floor((n * 12 * 3_600_000) / count);
    const called = arrival + ((n * 7919) % 40) * 60_000;
    const desk = n % DESKS.length;
    const history: TicketHistoryEntry[] = [
      { at: at(arrival), event: 'issued' },
      { at: at(arrival), event: 'checkedIn' },
      { at: at(called), event: 'called', deskId: desk + 1, deskLabel: DESKS[desk]! },
    ];
    if (n % 17 === 0) history.push({ at: at(called + 120_000), event: 'called', deskId: desk + 1, deskLabel: DESKS[desk]! });
    if (n % 23 === 0) history.push({ at: at(called + 240_000), event: 'absent', deskId: desk + 1, deskLabel: DESKS[desk]! });
    else history.push({ at: at(called + 180_000), event: 'inCare' }, { at: at(called + 900_000), event: 'done' });
    history.push({ at: at(called + 960_000), event: 'closed' });
    return {
      ticketId: `tkt-20261123-${n}`,
      number: n,
      formattedNumber: `B${n}`,
      day: DAY,
      officePlaceId: 1,
      contractAppointmentId: null,
      status: 'closed',
      patientDisplayName: null,
      examLabel: null,
      examTypeLabel: EXAM_TYPES[n % EXAM_TYPES.length]!,
      source: 'kiosk',
      issuedAt: history[0]!.at,
      updatedAt: history.at(-1)!.at,
      history,
    };
  });
}

/**
 * In the page, so the measure is the app's and not the test driver's: from the click on
 * the menu item until the frame showing the key figures and the first chart is painted.
 */
const FIRST_PAINT_AFTER_NAV = `(async () => {
  const started = performance.now();
  document.querySelector('[data-testid="nav-statistics"]').click();
  await new Promise((resolve) => {
    const drawn = () => document.querySelector('[data-testid="figure-arrivals"]') && document.querySelector('[data-testid="chart-arrivalsPerHour"] canvas');
    const check = () => (drawn() ? resolve() : requestAnimationFrame(check));
    check();
  });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return performance.now() - started;
})()`;

/** Milliseconds from the Statistics menu item to the key figures and the first chart drawn. */
async function statisticsFirstPaint(): Promise<number> {
  const sandbox = await startSandbox();
  const desk = await startDesk({
    runtime: 'web',
    dataDir: mkdtempSync(path.join(tmpdir(), 'desk-bench-')),
    keystore: new TestKeystore(),
    attach: { profile: sandbox.profile, accountKey: sandbox.accountKey },
  });
  const host = await startPreviewHost({ dispatch: desk.dispatch, events: desk.events, rendererDir: 'dist/renderer' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
    await page.goto(host.openUrl);
    await page.getByTestId('sign-in-login').locator('input').fill('accueil');
    await page.getByTestId('sign-in-password').locator('input').fill('formation');
    await page.getByTestId('sign-in-password').locator('input').press('Enter');
    await page.locator('[data-testid="board-live"][data-state="live"]').waitFor({ timeout: 30_000 });
    const samples: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      samples.push(await page.evaluate<number>(FIRST_PAINT_AFTER_NAV));
      await page.getByTestId('nav-board').click();
      await page.locator('[data-testid="statistics"]').waitFor({ state: 'detached' });
    }
    // The first visit also loads the view's code and Chart.js: the median is the everyday visit.
    return percentile(samples, 50);
  } finally {
    await browser.close();
    await host.close();
    await desk.close();
    await sandbox.close();
  }
}

/** Statuses a history entry leaves the ticket in; a call, a transfer or an absence leaves it as it was. */
const STATUS_AFTER: Partial<Record<TicketHistoryEntry['event'], TicketStatus>> = {
  issued: 'issued',
  checkedIn: 'checkedIn',
  inCare: 'inCare',
  done: 'done',
  closed: 'closed',
  cancelled: 'cancelled',
};

/** The ticket as the platform listed it at `at`: its history up to then (null: not issued yet). */
function ticketAsOf(ticket: DeskTicket, at: number): DeskTicket | null {
  if (timeOf(ticket.issuedAt) > at) return null;
  const history = (ticket.history ?? []).filter((entry) => timeOf(entry.at) <= at);
  const status = history.reduce<TicketStatus>((current, entry) => STATUS_AFTER[entry.event] ?? current, 'issued');
  const lastCall = history.findLast((entry) => entry.event === 'called');
  const { lastCall: _later, ...rest } = ticket;
  return { ...rest, status, history, updatedAt: history.at(-1)?.at ?? ticket.issuedAt, ...(lastCall ? { lastCall: { deskId: lastCall.deskId ?? null, deskLabel: lastCall.deskLabel ?? '', at: lastCall.at } } : {}) };
}

/**
 * Replays the training week's finished days (the sandbox's seeded history): at each patient's
 * arrival, the estimate for their exam type from the tickets as they were then, as the board and
 * display show it (to 5 minutes), against the wait they had. Mean absolute error in minutes, over
 * the patients who were called and got an estimate ("—" is not an error, it is no estimate).
 */
export function waitEstimateReplay(): { mae: number; estimated: number; called: number } {
  const world = seedWorld({ now: new Date(`${DAY}T12:00:00+01:00`), keptDays: SANDBOX_KEPT_DAYS });
  const days = new Map<string, DeskTicket[]>();
  for (const ticket of world.platform.tickets) {
    // Today is still running: only finished days are a history.
    if (ticket.day >= world.day) continue;
    const key = `${ticket.day}|${ticket.officePlaceId}`;
    days.set(key, [...(days.get(key) ?? []), ticket]);
  }
  let error = 0;
  let estimated = 0;
  let called = 0;
  for (const tickets of days.values()) {
    for (const patient of tickets) {
      const { wait, arrival, examType } = ticketFacts(patient);
      if (wait === null) continue;
      called += 1;
      const before = tickets.flatMap((other) => (other === patient ? [] : (ticketAsOf(other, arrival) ?? [])));
      const { minutes } = estimateFor(estimateWaits(before.map(ticketFacts), arrival), examType);
      if (minutes === null) continue;
      estimated += 1;
      error += Math.abs(roundedWait(minutes) - wait);
    }
  }
  return { mae: error / estimated, estimated, called };
}

export const benchmarks: Benchmark[] = [
  {
    // How far the estimated wait shown at a patient's arrival was from their wait, on the training week.
    metric: 'statistics.wait_estimate_mae_min',
    unit: 'min',
    target: { op: '<=', value: 7 },
    async run() {
      return waitEstimateReplay().mae;
    },
  },
  {
    // The whole day's figures (every grouping, percentiles, live figures) in main, for 10,000 tickets.
    metric: 'statistics.day_10k_ms',
    unit: 'ms',
    target: { op: '<=', value: 100 },
    async run() {
      const tickets = busyDay(10_000);
      const input = { day: DAY, officePlaceId: 1, tickets, thresholds: { amberMinutes: 15, redMinutes: 30 }, now: new Date(`${DAY}T20:00:00+01:00`), today: true };
      for (let i = 0; i < 3; i += 1) computeDayFigures(input);
      const samples: number[] = [];
      for (let i = 0; i < 15; i += 1) {
        const started = performance.now();
        computeDayFigures(input);
        samples.push(performance.now() - started);
      }
      return percentile(samples, 50);
    },
  },
  {
    metric: 'renderer.statistics_first_paint_ms',
    unit: 'ms',
    target: null,
    run: statisticsFirstPaint,
  },
];
