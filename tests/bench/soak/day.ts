import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { publisherRequestCount } from '../../../src-main/sandbox/publisher/request-count';
import { startSandbox, type RunningSandbox } from '../../../src-main/sandbox/start';
import type { BoardActionResult, BoardSnapshot } from '../../../src-shared/ipc/features/board.contract';
import type { PrintingOverview } from '../../../src-shared/ipc/features/printing.contract';
import { PrinterEmulator } from '../../helpers/printer-emulator';
import { percentile } from '../harness';
import { cpuShares, readCpuTicks, readRunQueueWaits, waitShares } from './cpu';
import { launchDeskHost, type DeskHost } from './hosts';
import { added, armRowText, mainPauses, dataMbOf, pageDataMb, pageTimes, pageTimeShares, type PageTimes, type ProbeStamps, RENDERER_COUNTERS, rendererInventory, sampleMain, sampleRenderer, settledMain, takeFrames } from './measure';
import { planDay, type HourPlan, type SoakScale } from './plan';
import { checkInProbeSet, prepareProbeSets, PROBE_DESK, PROBE_SET_SIZE, type ProbeSet } from './probes';
import { padDay } from './world';
import type { Counts, HeapData, HourRow } from './verdict';

const DESKS = 4;
const DAY_MS = 24 * 3_600_000;

interface DeskScreen {
  host: DeskHost;
  page: Page;
  cdp: CDPSession;
  /** Tickets this desk called and still serves, oldest first. */
  serving: { ticketId: string; inCare: boolean }[];
  /** Patients this desk marked absent, still listed as such. */
  absent: string[];
}

export interface SoakResult {
  rows: HourRow[];
  start: Counts;
  end: Counts;
  /** Read at rest once the day's end was played (Day.nextMorning). */
  nextMorning: HourRow;
  /** The data in the heaps at the start and the next morning: what the day left behind. */
  data: { start: HeapData; nextMorning: HeapData };
  /** Actions the desks or kiosk could not do (during outages, mostly): counted, never fatal. */
  refused: number;
}

type Log = (line: string) => void;

/**
 * Plays the compressed day: the sandbox in this process, four desk processes (preview hosts)
 * in Debian's Chromium, and the public display of desk 1. Every hour ends with a reading of
 * every process after GC. Everything listens on 127.0.0.1 and is stopped at the end.
 */
export async function runSoak(scale: SoakScale, log: Log): Promise<SoakResult> {
  const plan = planDay(scale);
  // The profiles' folder is made now: a missing one stopped a day after its start reading (ENOENT).
  if (process.env.SOAK_PROFILES) mkdirSync(process.env.SOAK_PROFILES, { recursive: true });
  // The training servers' clock, moved to the next morning once the day is over (Day.nextMorning).
  let dayShiftMs = 0;
  const sandbox = await startSandbox({ extraTickets: PROBE_SET_SIZE * plan.length, clock: () => new Date(Date.now() + dayShiftMs) });
  const probeSets = prepareProbeSets(sandbox, plan.length);
  padDay(sandbox, scale.arrivals + 50);
  log(`servers: platform ${sandbox.platformUrl}, publisher ${sandbox.publisherUrl} (main's sockets at rest name their ports)`);
  const printer = await PrinterEmulator.start();
  const hosts: DeskHost[] = [];
  let browser: Browser | null = null;
  try {
    for (let deskId = 1; deskId <= DESKS; deskId += 1) hosts.push(await launchDeskHost(sandbox, deskId));
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const desks: DeskScreen[] = [];
    for (const host of hosts) desks.push(await openDesk(browser, host, printer.port));
    const display = await openDisplay(browser, hosts[0]!);
    const day = new Day(sandbox, desks, display, printer, scale, probeSets, log);
    await day.probeView();
    await day.warmUp();
    const start = await day.restingReading();
    log(`start: ${JSON.stringify(start)}`);
    const startData = await day.heapData('start');
    const rows: HourRow[] = [];
    for (const hour of plan) {
      // From the hour's start: the readings' own collections (they collect before each one) are not the hour's.
      for (const desk of desks) await mainPauses(desk.host.inspector);
      const started = performance.now();
      const asked = publisherRequestCount(sandbox.world.publisher);
      const cpu = readCpuTicks();
      const waits = readRunQueueWaits();
      const pagesBefore = await day.pagesTimes();
      await day.profiled(hour.hour, () => day.play(hour));
      const seconds = (performance.now() - started) / 1000;
      const shares = cpuShares(cpu, readCpuTicks(), seconds);
      const waited = waitShares(waits, readRunQueueWaits(), seconds);
      const pagesAfter = await day.pagesTimes();
      const pauses = [];
      for (const desk of desks) pauses.push(await mainPauses(desk.host.inspector));
      // The desks' reads of the medical system (re-checks, mostly): a load that grows with the rows to re-check.
      const perSecond = (publisherRequestCount(sandbox.world.publisher) - asked) / seconds;
      rows.push(await day.reading(percentile(day.takeProbeSamples(), 95), hour.hour));
      log(`hour ${hour.hour + 1}/${plan.length} in ${seconds.toFixed(0)} s, ${perSecond.toFixed(1)} requests a second to the medical system: ${JSON.stringify(rows.at(-1))}`);
      log(`  CPU, % of one core (the machine has ${availableParallelism()}): ${JSON.stringify(shares)}`);
      // What the CPU does not tell: how long the main threads stood ready while others had both cores.
      log(`  main threads' waits for a core, ms a second: ${JSON.stringify(waited)}`);
      // A probe's event waits in main behind what runs there: a collection, a long task (event loop delay).
      log(`  mains' collections and event loop delays: ${JSON.stringify(pauses)}`);
      // Which page's main thread the hour kept busy (the four desks', then the display's).
      log(`  pages' main threads, ms a second: ${JSON.stringify(pagesAfter.map((after, index) => pageTimeShares(pagesBefore[index]!, after, seconds)))}`);
    }
    for (const desk of desks) await mainPauses(desk.host.inspector, true);
    const end = await day.restingReading();
    log(`end: ${JSON.stringify(end)}`);
    const nextMorning = await day.nextMorning(() => (dayShiftMs = DAY_MS));
    log(`next morning: ${JSON.stringify(nextMorning)}`);
    const data = { start: startData, nextMorning: await day.heapData('next-morning') };
    log(`heap data, MB: ${JSON.stringify(data)}`);
    return { rows, start, end, nextMorning, data, refused: day.refused };
  } finally {
    await browser?.close();
    for (const host of hosts) await host.stop();
    await printer.close();
    await sandbox.close();
  }
}

async function openDesk(browser: Browser, host: DeskHost, printerPort: number): Promise<DeskScreen> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' })).newPage();
  await page.addInitScript(RENDERER_COUNTERS);
  await page.goto(host.openUrl);
  await page.getByTestId('sign-in-login').locator('input').fill('accueil');
  await page.getByTestId('sign-in-password').locator('input').fill('formation');
  await page.getByTestId('sign-in-password').locator('input').press('Enter');
  await page.locator('[data-testid="board-live"][data-state="live"]').waitFor({ timeout: 60_000 });
  // Tickets printed at the desk go to a receipt printer on loopback (the one that gets unplugged).
  await host.ipc('technician/open', { with: 'pin', pin: '1234' });
  const overview = await host.ipc<PrintingOverview>('printing/overview');
  await host.ipc('printing/saveSettings', { printer: { ...overview.settings.printer, target: { kind: 'network', host: '127.0.0.1', port: printerPort } } });
  await host.ipc('technician/close');
  return { host, page, cdp: await page.context().newCDPSession(page), serving: [], absent: [] };
}

async function openDisplay(browser: Browser, host: DeskHost): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await (await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'fr-FR' })).newPage();
  await page.addInitScript(RENDERER_COUNTERS);
  await page.goto(`${host.openUrl}#/display`);
  await page.getByTestId('public-display').waitFor({ timeout: 30_000 });
  return { page, cdp: await page.context().newCDPSession(page) };
}

/** Resolves when the page's main thread has nothing left to do (or after a second). */
const PAGE_IDLE = 'new Promise((resolve) => requestIdleCallback(() => resolve(0), { timeout: 1000 }))';

/** A probe slower than this is logged with where its time went. */
const SLOW_PROBE_MS = 150;

class Day {
  refused = 0;
  private probeSamples: number[] = [];
  /** Each probe's platform answer (from its request), its way to desk 1's page (from the event) and in the page: the hour's breakdown. */
  private probeParts: { answered: number; toPage: number; inPage: number }[] = [];
  private probes = 0;
  private steps = 0;
  private lockTurn = 0;
  private statisticsTurn = 0;
  private deskTurn = 0;
  private readonly inventories = new Map<DeskScreen, Awaited<ReturnType<typeof rendererInventory>>>();
  private readonly restingTimers = new Map<DeskScreen, string[]>();
  /** The patients the probes recall this hour (probes.ts). */
  private probeSet: ProbeSet;

  constructor(
    private readonly sandbox: RunningSandbox,
    private readonly desks: DeskScreen[],
    private readonly display: { page: Page; cdp: CDPSession },
    private readonly printer: PrinterEmulator,
    private readonly scale: SoakScale,
    private readonly probeSets: ProbeSet[],
    private readonly log: Log,
  ) {
    this.probeSet = probeSets[0]!;
  }

  /**
   * Desk 1 keeps the probe tickets in view (the list is virtualised): staff searching a name. The
   * probe desk calls them first, so they are its patients all day: once the morning's queue was
   * seen, the desks' « call next » took them too, and one marked absent left every board (a full day
   * stopped at its third hour on « desk 1 never showed B0005 »).
   */
  async probeView(): Promise<void> {
    for (const number of this.probeSet.numbers) await this.callProbe(number, PROBE_DESK.deskLabel);
    await this.searchProbeSet(this.desks[0]!);
  }

  /**
   * The hour's probe patients arrive, called by the probe desk, and the last hour's leave (set aside
   * as absent, then dismissed): the boards hold six probe patients all day, none called more than an
   * hour's share of the probes.
   */
  private async nextProbeSet(hour: number): Promise<void> {
    const done = this.probeSet;
    this.probeSet = this.probeSets[hour]!;
    checkInProbeSet(this.sandbox, this.probeSet);
    for (const number of this.probeSet.numbers) await this.callProbe(number, PROBE_DESK.deskLabel);
    await this.searchProbeSet(this.desks[0]!);
    for (const number of done.numbers) {
      const ticketId = this.ticketIdOf(number);
      await this.probeDesk('/api/kioskTicket/markAbsent', { ticketId, ...PROBE_DESK });
      await this.probeDesk('/api/kioskTicket/dismissAbsent', { ticketId });
    }
  }

  /** The desk's search shows the hour's probe patients. */
  private async searchProbeSet(desk: DeskScreen): Promise<void> {
    await desk.page.getByTestId('board-search').locator('input').fill(this.probeSet.needle);
    for (const number of this.probeSet.numbers) await desk.page.locator(`[data-ticket="${number}"]`).waitFor();
  }

  /** Every screen of the day once (lock, statistics, a desk check-in) before the start is read: code loaded on first use is not a leak. */
  async warmUp(): Promise<void> {
    for (const desk of this.desks.slice(1)) {
      await this.lockCycle(desk);
      await this.statistics(desk);
    }
    await this.arrive(true);
    for (let i = 0; i < 6; i += 1) await this.deskStep();
    await this.probe();
    this.probeSamples = [];
    // Playwright's own script in a page's main world (its `dispatchEvent`, used by `answerUnsent`) adds 13
    // listeners to the window when it first runs there: desks 1 and 3, first answering an outage's question
    // after the start, counted them as a leak at the end (short day, 29 Nov 2026). Brought in before the start.
    for (const desk of this.desks) await desk.page.getByTestId('board-list').dispatchEvent('soak-warm-up');
  }

  takeProbeSamples(): number[] {
    const samples = this.probeSamples;
    const parts = this.probeParts;
    this.probeSamples = [];
    this.probeParts = [];
    const p95 = (of: (part: (typeof parts)[number]) => number) => Math.round(percentile(parts.map(of).filter(Number.isFinite), 95));
    if (parts.length) this.log(`  probes' p95: ${p95((part) => part.answered)} ms to the platform's answer; from its event, ${p95((part) => part.toPage)} ms to the page, ${p95((part) => part.inPage)} ms in it`);
    return samples;
  }

  async play(hour: HourPlan): Promise<void> {
    if (hour.hour > 0) await this.nextProbeSet(hour.hour);
    const slots = Math.max(1, hour.arrivals);
    const at = (count: number) => new Set(Array.from({ length: count }, (_, i) => Math.floor(((i + 0.5) * slots) / count)));
    const locks = at(hour.lockCycles);
    const statistics = at(hour.statisticsOpens);
    // Every probe the hour plans, several in a slot when there are more probes than arrivals.
    const probes = Array.from({ length: hour.probes }, (_, i) => Math.floor(((i + 0.5) * slots) / hour.probes));
    const deskArrivals = at(hour.deskArrivals);
    const middle = Math.floor(slots / 2);
    let unpluggedAt: number | null = null;
    for (let slot = 0; slot < slots; slot += 1) {
      if (hour.printerUnplugged && slot === Math.floor(slots / 3)) {
        this.printer.unplug();
        unpluggedAt = performance.now();
        this.log('printer unplugged');
      }
      if (unpluggedAt !== null && performance.now() - unpluggedAt > this.scale.unpluggedSeconds * 1000) {
        this.printer.plugIn();
        unpluggedAt = null;
        this.log('printer plugged back');
      }
      if (hour.outage && slot === middle) await this.outage();
      if (slot < hour.arrivals) await this.arrive(deskArrivals.has(slot));
      for (let i = 0; i < 3; i += 1) await this.deskStep();
      if (locks.has(slot)) await this.lockCycle(this.nextDesk('lock'));
      if (statistics.has(slot)) await this.statistics(this.nextDesk('statistics'));
      for (const probeSlot of probes) if (probeSlot === slot) await this.probe();
    }
    if (unpluggedAt !== null) {
      const left = this.scale.unpluggedSeconds * 1000 - (performance.now() - unpluggedAt);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      this.printer.plugIn();
      this.log('printer plugged back');
    }
    await this.settle();
  }

  /** Desks 2 to 4 lock and open statistics in turn; desk 1 keeps the probe view. */
  private nextDesk(kind: 'lock' | 'statistics'): DeskScreen {
    const turn = kind === 'lock' ? this.lockTurn++ : this.statisticsTurn++;
    return this.desks[1 + (turn % (this.desks.length - 1))]!;
  }

  private async quietly(action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
    } catch {
      this.refused += 1;
    }
  }

  /** The next expected patient checks in: at a kiosk, or at a desk (which prints the ticket). */
  private async arrive(atDesk: boolean): Promise<void> {
    if (!atDesk) return this.quietly(() => this.sandbox.kiosk.arrive());
    const next = this.sandbox.world.publisher.appointments.find((appointment) => appointment.status === 'scheduled' && appointment.id.startsWith('soak-'));
    if (!next) return;
    const desk = this.desks[this.deskTurn++ % this.desks.length]!;
    await this.quietly(() => desk.host.ipc('checkin/checkIn', { appointmentIds: [next.id] }));
  }

  /**
   * One move of one desk, in turn: finish the patient in care (done, sometimes closed), or take
   * the called one in care (or recall then mark absent, or transfer to another desk), or call next.
   */
  private async deskStep(): Promise<void> {
    await this.deskStepOf(this.desks[this.steps % this.desks.length]!);
  }

  private async deskStepOf(desk: DeskScreen): Promise<void> {
    this.steps += 1;
    const { host } = desk;
    const inCare = desk.serving.find((ticket) => ticket.inCare);
    if (inCare) {
      desk.serving.splice(desk.serving.indexOf(inCare), 1);
      return this.quietly(() => host.ipc('board/hold', { ticketId: inCare.ticketId, status: this.steps % 9 === 0 ? 'closed' : 'done' }));
    }
    const called = desk.serving[0];
    if (called) {
      const fate = this.steps % 10;
      if (fate === 3) {
        desk.serving.shift();
        await this.quietly(() => host.ipc('board/call', { ticketId: called.ticketId, recall: true }));
        desk.absent.push(called.ticketId);
        return this.quietly(() => host.ipc('board/absent', { ticketId: called.ticketId }));
      }
      if (fate === 7) {
        desk.serving.shift();
        const toDeskId = (host.deskId % this.desks.length) + 1;
        return this.quietly(() => host.ipc('board/transfer', { ticketId: called.ticketId, toDeskId, note: null }));
      }
      called.inCare = true;
      return this.quietly(() => host.ipc('board/setStatus', { ticketId: called.ticketId, status: 'inCare' }));
    }
    await this.quietly(async () => {
      const result = await host.ipc<BoardActionResult>('board/callNext');
      if (result.outcome === 'done') desk.serving.push({ ticketId: result.ticketId, inCare: false });
    });
  }

  /** Moves the platform did not take during an outage come back as questions once it is live: staff drop them. */
  private async answerUnsent(desk: DeskScreen): Promise<void> {
    const card = desk.page.getByTestId('unsent-move');
    for (let i = 0; i < 50 && (await card.isVisible()); i += 1) {
      const ticket = await card.getAttribute('data-ticket');
      // The click event itself, not Playwright's click: its hit-target check left 13 listeners of its own on
      // the window of desk 1 (never clicked otherwise), counted as a leak at the end.
      await desk.page.getByTestId('unsent-move-drop').dispatchEvent('click');
      await desk.page.locator(`[data-testid="unsent-move"][data-ticket="${ticket}"]`).waitFor({ state: 'detached', timeout: 10_000 });
    }
  }

  private async lockCycle(desk: DeskScreen): Promise<void> {
    const { page } = desk;
    await this.answerUnsent(desk);
    await page.getByRole('button', { name: 'Verrouiller le poste' }).click();
    const lock = page.getByTestId('board-lock');
    await lock.waitFor();
    await lock.getByLabel('Mot de passe').fill('formation');
    await lock.getByRole('button', { name: 'Déverrouiller' }).click();
    await lock.waitFor({ state: 'detached' });
  }

  private async statistics(desk: DeskScreen): Promise<void> {
    const { page } = desk;
    await this.answerUnsent(desk);
    await page.getByTestId('nav-statistics').click();
    await page.getByTestId('figure-arrivals').getByTestId('value').waitFor();
    await page.getByTestId('nav-board').click();
    await page.locator('[data-testid="board-live"]').waitFor();
  }

  /** Another desk's recall of a probe ticket, from the platform's HTTP call until desk 1's row shows it painted. */
  private async probe(): Promise<void> {
    const page = this.desks[0]!.page;
    const number = this.probeSet.numbers[this.probes % this.probeSet.numbers.length]!;
    const label = `Sonde ${this.probes}`;
    this.probes += 1;
    // Staff at desk 1 watch it, a hand on the mouse: untouched for its idle lock's ten minutes it locks, as it
    // should, and a locked desk shows nobody (a full day stopped in its third hour, ten minutes in, on that).
    await page.mouse.move(400 + (this.probes % 2), 20);
    // An event reaching a desk at rest, as most do: the previous move's echoes are over, and every page has
    // drawn them. On two cores five pages and four desks share the machine: a probe sent while the other
    // desks still draw the last move measured their turn on the CPU (hourly p95 from 37 to 98 ms, no trend).
    await new Promise((resolve) => setTimeout(resolve, 150));
    await Promise.all([...this.desks, this.display].map(({ page }) => page.evaluate(PAGE_IDLE)));
    await page.evaluate(armRowText(number, label));
    // The event is the platform's: timed from when it logs it for its streams, so the training platform's own
    // handling of the call (in this process, beside Playwright's client) is not the desk's time. Its answer
    // came after 8 to 65 ms at the p95 of an hour, by the turn the soak's process got, not by the hour of the day.
    const quoted = JSON.stringify(label);
    let emitted = 0;
    const stop = this.sandbox.platform.tickets.onEvent((event) => {
      if (!emitted && event.data.includes(quoted)) emitted = performance.timeOrigin + performance.now();
    });
    const sent = performance.timeOrigin + performance.now();
    let ticketId: string;
    try {
      ticketId = await this.callProbe(number, label);
    } finally {
      stop();
    }
    const answered = performance.timeOrigin + performance.now();
    const shown = await page.evaluate<ProbeStamps | null>(`Promise.race([window.soakRowText, new Promise((resolve) => setTimeout(() => resolve(null), 15000))])`);
    if (!shown) throw new Error(`desk 1 never showed ${number} called by ${label}: ${await this.whereIs(ticketId, number)}`);
    if (!emitted) throw new Error(`the platform logged no event for ${label}`);
    const took = shown.painted - emitted;
    this.probeSamples.push(took);
    this.probeParts.push({ answered: answered - sent, toPage: shown.frameAt ? shown.frameAt - emitted : Number.NaN, inPage: shown.frameAt ? shown.painted - shown.frameAt : Number.NaN });
    // A slow one says where it waited: before the page had main's push (main, the host's stream) or in the page.
    if (took > SLOW_PROBE_MS) {
      const toPage = shown.frameAt ? `${Math.round(shown.frameAt - emitted)} ms to the page, ${Math.round(shown.painted - shown.frameAt)} ms in it` : 'its frame not seen';
      this.log(`  slow probe ${label}: ${Math.round(took)} ms (${toPage})`);
    }
  }

  /** The probe desk's (re)call of a probe ticket, through the platform's HTTP API as another desk's would go. */
  private async callProbe(number: string, label: string): Promise<string> {
    const ticketId = this.ticketIdOf(number);
    await this.probeDesk('/api/kioskTicket/callTicket', { ticketId, kioskDeskId: PROBE_DESK.deskId, deskLabel: label, recall: true });
    return ticketId;
  }

  private ticketIdOf(number: string): string {
    return this.sandbox.world.platform.tickets.find((ticket) => ticket.formattedNumber === number)!.ticketId;
  }

  /** One request of the probe desk to the platform's ticket services. */
  private async probeDesk(route: string, body: Record<string, unknown>): Promise<void> {
    const response = await fetch(`${this.sandbox.platformUrl}${route}`, {
      method: 'POST',
      headers: { Authorization: this.sandbox.accountKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ licenceUuid: this.sandbox.licenceUuid, ...body }),
    });
    if (!response.ok) throw new Error(`the probe desk's ${route} answered ${response.status}`);
  }

  /** A probe ticket as the platform, desk 1's main and its page each hold it: which of them missed the call. */
  private async whereIs(ticketId: string, number: string): Promise<string> {
    const desk = this.desks[0]!;
    const platform = this.sandbox.world.platform.tickets.find((ticket) => ticket.ticketId === ticketId);
    const main = (await desk.host.ipc<BoardSnapshot>('board/snapshot').catch(() => null))?.rows.find((row) => row.ticketId === ticketId);
    const page = await desk.page.evaluate(`[document.querySelector('[data-ticket="${number}"]')?.textContent ?? null, window.soakFrameAt, document.querySelector('[data-testid="board-live"]')?.getAttribute('data-state'), document.querySelector('[data-testid="board-lock"]') ? 'locked' : 'open']`);
    return JSON.stringify({
      platform: platform && { status: platform.status, lastCall: platform.lastCall, absent: platform.absent ?? null },
      main: main ? { group: main.group, status: main.status, lastCall: main.lastCall, verification: main.verification } : null,
      page,
    });
  }

  /** Both servers down, desks and kiosk carrying on; then back, and every desk live again. */
  private async outage(): Promise<void> {
    this.log('platform and publisher down');
    this.sandbox.faults.platform.down = true;
    this.sandbox.faults.publisher.down = true;
    const until = performance.now() + this.scale.outageSeconds * 1000;
    while (performance.now() < until) {
      await this.quietly(() => this.sandbox.kiosk.arrive());
      await this.deskStep();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    this.sandbox.faults.platform.down = false;
    this.sandbox.faults.publisher.down = false;
    this.log('platform and publisher back');
    for (const desk of this.desks) await desk.page.locator('[data-testid="board-live"][data-state="live"]').waitFor({ timeout: 90_000 });
    for (const desk of this.desks) await this.answerUnsent(desk);
  }

  /** Answers what the outages left to answer; held moves may still count down (read as they are). */
  private async settle(): Promise<void> {
    for (const desk of this.desks) await this.answerUnsent(desk);
  }

  /**
   * The start and end readings: every desk at rest on the same screen with the same rows (the
   * board searched for the probe tickets, countdowns over), so what differs is what leaked.
   */
  async restingReading(): Promise<Counts & HourRow> {
    // The desks' own patients seen to the end and the absent list cleared, as at the start. Every desk's
    // steps before any desk's clean-up: a step may hand a patient to another desk (desk 4 transfers to desk 1).
    for (const desk of this.desks) {
      for (let i = 0; i < 10 && desk.serving.length > 0; i += 1) await this.deskStepOf(desk);
      for (const ticketId of desk.absent.splice(0)) await this.quietly(() => desk.host.ipc('board/dismissAbsent', { ticketId }));
    }
    for (const desk of this.desks) await this.finishOwnPatients(desk);
    for (const desk of this.desks) {
      await this.answerUnsent(desk);
      await this.untilNoPatientOfItsOwn(desk);
      await desk.page.getByTestId('board-undo').waitFor({ state: 'detached', timeout: 60_000 });
      await this.searchProbeSet(desk);
    }
    // The searches' debounce, the transitions and the messages' own timeouts end before anything is counted.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    // A patient may come back as a desk's own after its clean-up (a late echo): seen again, and said.
    for (const desk of this.desks) await this.untilNoPatientOfItsOwn(desk);
    const reading = await this.reading(Number.NaN, -1, true);
    // What each page holds more (or less) than at the start, by listener type and code position: where to look.
    for (const desk of this.desks) {
      const now = await rendererInventory(desk.cdp);
      const before = this.inventories.get(desk);
      if (!before) this.inventories.set(desk, now);
      else {
        const differences = Object.fromEntries(
          (Object.keys(now) as (keyof typeof now)[]).map((kind): [string, Record<string, number>] => [kind, added(before[kind], now[kind])]).filter(([, diff]) => Object.keys(diff).length > 0),
        );
        this.log(`  ${desk.host.deskLabel} holds more than at the start: ${JSON.stringify(differences)}`);
      }
    }
    for (const desk of this.desks.slice(1)) await desk.page.getByTestId('board-search').locator('input').fill('');
    return reading;
  }

  /**
   * The day's end, as a desk left open overnight lives it: the training servers' clock moves to the
   * next morning and the platform numbers that day's first ticket, so every desk starts the new day
   * (LiveDay) and the display with it. The day's tickets then leave every board; what main still
   * holds beyond the start's is what the day left behind, where the hours' readings could not tell the
   * day's own patients (kept until the evening by design) from a leak.
   */
  async nextMorning(toNextDay: () => void): Promise<HourRow> {
    const yesterday = new Map<DeskScreen, Set<string>>();
    for (const desk of this.desks) yesterday.set(desk, new Set((await desk.host.ipc<BoardSnapshot>('board/snapshot')).rows.map((row) => row.ticketId)));
    toNextDay();
    const { platformUrl, licenceUuid, officePlaceId } = this.sandbox.profile;
    const issued = await fetch(`${platformUrl.replace(/\/$/, '')}/api/kioskTicket/issueForAppointment`, {
      method: 'POST',
      headers: { authorization: this.sandbox.accountKey, 'content-type': 'application/json' },
      body: JSON.stringify({ licenceUuid, officePlaceId, requestUid: 'soak-next-morning' }),
    });
    if (!issued.ok) throw new Error(`the platform refused the next morning's first ticket (HTTP ${issued.status})`);
    for (const desk of this.desks) {
      const old = yesterday.get(desk)!;
      const deadline = performance.now() + 60_000;
      while ((await desk.host.ipc<BoardSnapshot>('board/snapshot')).rows.some((row) => old.has(row.ticketId))) {
        if (performance.now() > deadline) throw new Error(`${desk.host.deskLabel} still shows the day's patients a minute into the next`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    await this.display.page.getByTestId('display-latest').waitFor({ state: 'detached', timeout: 60_000 });
    // The boards' redraws, the messages' own timeouts and the last re-checks of the day end before the reading.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    return this.reading(Number.NaN, -1, true);
  }

  /**
   * MB of data (not compiled code) in each desk's main and each page, from heap snapshots: after the
   * reading they follow, as a snapshot leaves the heap larger. With `SOAK_PROFILES`, desk 1's main's is
   * written there too (`desk-1-main-<name>.heapsnapshot`).
   */
  async heapData(name: string): Promise<HeapData> {
    const folder = process.env.SOAK_PROFILES;
    const mains: number[] = [];
    for (const [index, desk] of this.desks.entries()) {
      const text = await desk.host.inspector.heapSnapshotText();
      if (folder && index === 0) writeFileSync(path.join(folder, `desk-1-main-${name}.heapsnapshot`), text);
      mains.push(dataMbOf(text));
    }
    const pages: number[] = [];
    for (const cdp of this.pageSessions()) pages.push(await pageDataMb(cdp));
    return { mains, pages };
  }

  /**
   * The patients the desk's own board still holds as its own (called or in care here) though the day's
   * bookkeeping let them go: a move refused during an outage (an absent, a call whose answer was lost).
   * Left, the end shows « My patient » where the start did not, and its panel counts as a leak.
   */
  private async finishOwnPatients(desk: DeskScreen): Promise<void> {
    const { host } = desk;
    const snapshot = await host.ipc<BoardSnapshot>('board/snapshot');
    const own = snapshot.rows.filter((row) => (row.group === 'called' || row.group === 'inCare') && row.lastCall?.deskId === host.deskId);
    if (own.length > 0) this.log(`  ${host.deskLabel} still had ${own.length} patient(s) of its own at rest: seen to the end`);
    for (const row of own) {
      // Refused, the patient stays this desk's: the reason says why the end differs from the start.
      const said = (error: unknown) => this.log(`    ${row.formattedNumber} (${row.group}) not seen to the end: ${error instanceof Error ? error.message : String(error)}`);
      if (row.group === 'called') await host.ipc('board/setStatus', { ticketId: row.ticketId, status: 'inCare' }).catch(said);
      await host.ipc('board/hold', { ticketId: row.ticketId, status: 'done' }).catch(said);
    }
  }

  /**
   * The « my patient » panel gone from the desk's screen (its held moves carried out). If it stays,
   * where its patient is, and the desk's own patients seen to the end once more.
   */
  private async untilNoPatientOfItsOwn(desk: DeskScreen, tries = 2): Promise<void> {
    const panel = desk.page.getByTestId('my-patient');
    for (let attempt = 1; ; attempt += 1) {
      const gone = await panel.waitFor({ state: 'detached', timeout: 30_000 }).then(
        () => true,
        () => false,
      );
      if (gone || attempt === tries) return;
      const shown = await panel.evaluate((node: { dataset: Record<string, string> }) => ({ ...node.dataset })).catch(() => null);
      const rows = (await desk.host.ipc<BoardSnapshot>('board/snapshot')).rows.filter((row) => row.group === 'called' || row.group === 'inCare');
      const theirs = rows.map((row) => ({ ticket: row.formattedNumber, group: row.group, status: row.status, lastCall: row.lastCall }));
      const number = shown?.['targetTicket'];
      const ticket = this.sandbox.world.platform.tickets.find((candidate) => candidate.formattedNumber === number);
      const appointment = this.sandbox.world.publisher.appointments.find((candidate) => candidate.id === ticket?.contractAppointmentId);
      const platform = ticket && { status: ticket.status, lastCall: ticket.lastCall, handoff: ticket.handoff, absent: ticket.absent, history: ticket.history?.map((entry) => `${entry.at} ${entry.event}`) };
      this.log(
        `  ${desk.host.deskLabel} still shows a patient at rest: ${JSON.stringify(shown)}; called or in care in main: ${JSON.stringify(theirs)}; ` +
          `the platform: ${JSON.stringify(platform)}; the publisher: ${appointment?.status ?? '?'}`,
      );
      await this.finishOwnPatients(desk);
      await desk.page.getByTestId('board-undo').waitFor({ state: 'detached', timeout: 60_000 });
    }
  }

  /**
   * With `SOAK_PROFILES=<folder>`: the first, middle and last hours (or those `SOAK_PROFILE_HOURS`
   * lists, counted from 1: `8,9,10`) are written there for Chromium's DevTools, desk 1's main as a
   * heap snapshot after the hour (what grew, in the Memory panel), and its main's and page's
   * JavaScript as CPU profiles of the hour (where the time went). Off by default: it slows the hours
   * it profiles.
   */
  private profiledHour(hour: number): string | null {
    const folder = process.env.SOAK_PROFILES;
    const listed = process.env.SOAK_PROFILE_HOURS?.split(',').map((item) => Number(item.trim()) - 1);
    return folder && (listed ?? [0, Math.floor(this.scale.hours / 2), this.scale.hours - 1]).includes(hour) ? folder : null;
  }

  async profiled(hour: number, play: () => Promise<void>): Promise<void> {
    const folder = this.profiledHour(hour);
    if (!folder) return play();
    const { host, cdp } = this.desks[0]!;
    await host.inspector.send('Profiler.enable');
    await host.inspector.send('Profiler.start');
    await host.inspector.send('HeapProfiler.enable');
    await host.inspector.send('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
    await play();
    const main = await host.inspector.send<{ profile: unknown }>('Profiler.stop');
    const allocations = await host.inspector.send<{ profile: unknown }>('HeapProfiler.stopSampling');
    writeFileSync(path.join(folder, `desk-1-main-hour-${hour + 1}.heapprofile`), JSON.stringify(allocations.profile));
    const page = await cdp.send('Profiler.stop');
    writeFileSync(path.join(folder, `desk-1-main-hour-${hour + 1}.cpuprofile`), JSON.stringify(main.profile));
    writeFileSync(path.join(folder, `desk-1-page-hour-${hour + 1}.cpuprofile`), JSON.stringify(page.profile));
  }

  private async heapSnapshot(hour: number): Promise<void> {
    const folder = this.profiledHour(hour);
    if (!folder) return;
    const file = path.join(folder, `desk-1-main-hour-${hour + 1}.heapsnapshot`);
    await this.desks[0]!.host.inspector.heapSnapshot(file);
    this.log(`  desk 1's profiles of hour ${hour + 1} written to ${folder}`);
  }

  /** The pages' DevTools sessions: the desks', then the display's. */
  private pageSessions(): CDPSession[] {
    return [...this.desks.map((desk) => desk.cdp), this.display.cdp];
  }

  /** Each page's main-thread time so far, in pageSessions' order. */
  async pagesTimes(): Promise<PageTimes[]> {
    const pages: PageTimes[] = [];
    for (const cdp of this.pageSessions()) pages.push(await pageTimes(cdp));
    return pages;
  }

  /** `atRest`: main's handles and timers as the least of a few readings, its kinds logged (what differs at the end). */
  async reading(p95: number, hour = -1, atRest = false): Promise<HourRow> {
    // At rest the desks are read side by side, each over a window longer than a keep-alive connection's idle life.
    const mains = atRest ? await Promise.all(this.desks.map((desk) => settledMain(desk.host.inspector))) : [];
    if (!atRest) for (const desk of this.desks) mains.push(await sampleMain(desk.host.inspector));
    if (atRest) {
      this.desks.forEach((desk, index) => {
        const main = mains[index]!;
        this.log(`  ${desk.host.deskLabel} main holds ${JSON.stringify(added([], main.kinds))}, its sockets ${JSON.stringify(added([], main.peers ?? []))}`);
        this.log(`  ${desk.host.deskLabel} main, what came and went reading by reading: ${JSON.stringify(main.unsteady ?? {})}`);
        // The start's timers are kept; at the end, the ones it did not have.
        const first = this.restingTimers.get(desk);
        if (!first) this.restingTimers.set(desk, main.timerKinds ?? []);
        else this.log(`  ${desk.host.deskLabel} main's timers not there at the start: ${JSON.stringify(added(first, main.timerKinds ?? []))}`);
      });
    }
    await this.heapSnapshot(hour);
    const pages = [];
    for (const cdp of this.pageSessions()) pages.push(await sampleRenderer(cdp));
    const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((total, item) => total + of(item), 0);
    const round = (value: number) => Math.round(value * 10) / 10;
    this.log(`  mains ${JSON.stringify(mains.map((sample) => ({ heapMb: round(sample.heapMb), handles: sample.handles, timers: sample.timers })))}`);
    this.log(`  pages ${JSON.stringify(pages.map((sample) => ({ ...sample, heapMb: round(sample.heapMb) })))}`);
    for (const [index, desk] of this.desks.entries()) this.log(`  desk ${index + 1}'s pushes ${JSON.stringify(await takeFrames(desk.cdp))}`);
    return {
      hour,
      mainHeapMb: Math.max(...mains.map((sample) => sample.heapMb)),
      rendererHeapMb: Math.max(...pages.map((sample) => sample.heapMb)),
      handles: sum(mains, (sample) => sample.handles),
      timers: sum(mains, (sample) => sample.timers) + sum(pages, (sample) => sample.timers),
      listeners: sum(pages, (sample) => sample.listeners),
      sse: sum(pages, (sample) => sample.sse),
      domNodes: sum(pages, (sample) => sample.nodes),
      eventToDomP95Ms: p95,
    };
  }
}
