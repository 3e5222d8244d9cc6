import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDesk, type RunningDesk } from '../../src-main/desk';
import { publisherRequestCount } from '../../src-main/sandbox/publisher/request-count';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/start';
import { localDay } from '../../src-shared/day';
import { groupOf, type BoardGroup, type BoardRow } from '../../src-shared/board/rows';
import type { BoardRowsEvent, BoardSnapshot } from '../../src-shared/ipc/features/board.contract';
import { TICKET_SERVICE_PATHS } from '../../src-shared/platform/tickets';
import type { DeskResult } from '../../src-shared/result';
import { TestKeystore } from '../helpers/test-keystore';
import { until } from '../helpers/until';
import { percentile, type Benchmark } from './harness';

/**
 * The board on a medical system that never pushes (`--no-publisher-pushes`), 100 rows, one desk:
 * how long a status the medical system changes by itself takes to show, and what the desk's
 * re-reading costs the medical system. Both figures come from one run (about 90 s).
 */

const ROWS = 100;
/**
 * A busy mid-morning: most of the day's patients are done, about a third are in play. In play
 * is what the budget is spent on first (recheck.ts); done rows are asked when it has some left.
 */
const IN_PLAY: Record<Exclude<BoardGroup, 'done'>, number> = { waiting: 15, called: 5, inCare: 15 };
/** Changes the medical system makes, one every CHANGE_EVERY_MS, each on a row not changed before. */
const CHANGES = 24;
const CHANGE_EVERY_MS = 2_000;
/** After the first reads of the whole board, before anything is counted. */
const SETTLE_MS = 15_000;
/** A change not shown by then counts as this late (the figure then says the promise is broken). */
const GIVE_UP_MS = 30_000;

interface Figures {
  seenP95S: number;
  requestsPerS: number;
}

let figures: Promise<Figures> | null = null;
const measured = () => (figures ??= measure());

async function ask<T>(desk: RunningDesk, channel: string, request?: unknown): Promise<T> {
  const result = (await desk.dispatch(channel, request)) as DeskResult<T>;
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value;
}

/**
 * Fills the desk's office place up to ROWS rows on the board, as a day without pushes does: the
 * appointments at the publisher (copies of a seeded one under new ids, arrived, in care or done),
 * their tickets issued on the platform and never moved by the medical system. The desk finds them
 * by reading the issued tickets (the called ones are called on the platform once they show).
 */
async function fillBoard(sandbox: RunningSandbox): Promise<Map<string, BoardGroup>> {
  const { publisher, platform } = sandbox.world;
  const place = publisher.officePlaces[0]!;
  const today = localDay(new Date());
  const onBoard = platform.tickets.filter((ticket) => ticket.day === today && ticket.officePlaceId === place.platformId && groupOf(ticket.status, Boolean(ticket.lastCall)) !== null);
  const template = publisher.appointments.find((appointment) => appointment.locationId === place.id)!;
  const kinds: BoardGroup[] = [];
  for (const [group, count] of Object.entries(IN_PLAY) as [BoardGroup, number][]) {
    const already = onBoard.filter((ticket) => groupOf(ticket.status, Boolean(ticket.lastCall)) === group).length;
    for (let i = already; i < count; i += 1) kinds.push(group);
  }
  while (onBoard.length + kinds.length < ROWS) kinds.push('done');
  const planned = new Map<string, BoardGroup>();
  for (const [i, group] of kinds.entries()) {
    const appointmentId = `bench-unpushed-${i}`;
    // A number of its own: copies of one patient's appointment under one number would be one journey (one row of many exams).
    const number = { ticketNumber: 900 + i, ticketNumberFormatted: `U${900 + i}` };
    publisher.appointments.push({ ...template, ...number, id: appointmentId, status: group === 'waiting' || group === 'called' ? 'checkedIn' : group, statusHistory: [] });
    planned.set(appointmentId, group);
    await ticketService(sandbox, TICKET_SERVICE_PATHS.issueForAppointment, {
      officePlaceId: place.platformId,
      contractAppointmentId: appointmentId,
      requestUid: `bench-unpushed-${i}`,
      source: 'kiosk',
      patientDisplayName: `Patient ${i}`,
    });
  }
  return planned;
}

async function ticketService(sandbox: RunningSandbox, path: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${sandbox.platformUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: sandbox.accountKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ licenceUuid: sandbox.licenceUuid, ...body }),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
}

/** What a technician does in the medical system's own console: the platform is never told. */
async function medicalSystemMoves(sandbox: RunningSandbox, appointmentId: string, status: 'inCare' | 'done'): Promise<void> {
  const response = await fetch(`${sandbox.contractBaseUrl}/appointments/${encodeURIComponent(appointmentId)}/status`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Kiosk-Auth-Key': sandbox.accountKey, 'X-Kiosk-Office-Id': sandbox.profile.officeIdHeader },
    body: JSON.stringify({ status }),
  });
  if (!response.ok) throw new Error(`the publisher answered ${response.status} to a status change`);
}

/**
 * The next rows to move, round robin over waiting → in care, in care → done, called → in care. Rows of one
 * appointment only: a patient checked in for several exams is done once every exam is (docs/desk-checkin.md).
 */
function pickChanges(all: BoardRow[]): { row: BoardRow; status: 'inCare' | 'done' }[] {
  const rows = all.filter((row) => !row.linkedExams);
  const pools: [BoardRow[], 'inCare' | 'done'][] = [
    [rows.filter((row) => row.group === 'waiting'), 'inCare'],
    [rows.filter((row) => row.group === 'inCare'), 'done'],
    [rows.filter((row) => row.group === 'called'), 'inCare'],
  ];
  const picked: { row: BoardRow; status: 'inCare' | 'done' }[] = [];
  while (picked.length < CHANGES && pools.some(([pool]) => pool.length > 0)) {
    for (const [pool, status] of pools) {
      const row = pool.shift();
      if (row && picked.length < CHANGES) picked.push({ row, status });
    }
  }
  return picked;
}

async function measure(): Promise<Figures> {
  const sandbox = await startSandbox({ publisherPushes: false });
  const desk = await startDesk({
    runtime: 'web',
    dataDir: mkdtempSync(path.join(tmpdir(), 'desk-bench-unpushed-')),
    keystore: new TestKeystore(),
    attach: { profile: sandbox.profile, accountKey: sandbox.accountKey },
  });
  const seen = new Map<string, { status: string; changedAt: number; seenAt: number | null }>();
  const stop = desk.events.subscribe((event, payload) => {
    if (event !== 'board/rows') return;
    for (const row of (payload as BoardRowsEvent).upserts) {
      const change = seen.get(row.ticketId);
      if (change && change.seenAt === null && row.status === change.status) change.seenAt = Date.now();
    }
  });
  try {
    await ask(desk, 'staff/signIn', { login: 'accueil', password: 'formation' });
    let rows: BoardRow[] = [];
    const unread = () => rows.filter((row) => row.contractAppointmentId && row.verification !== 'verified');
    const loaded = (check: () => boolean) =>
      until(async () => {
        const snapshot = await ask<BoardSnapshot>(desk, 'board/snapshot');
        rows = snapshot.rows;
        return snapshot.live.state === 'live' && unread().length === 0 && check();
      }, 60_000).catch(() => {
        throw new Error(`the board did not load: ${rows.length} rows, ${unread().length} not read (${[...new Set(unread().map((row) => row.verification))].join(', ')})`);
      });
    await loaded(() => true);
    const planned = await fillBoard(sandbox);
    await loaded(() => rows.length >= ROWS);
    const toCall = rows.filter((row) => planned.get(row.contractAppointmentId ?? '') === 'called');
    for (const row of toCall) await ticketService(sandbox, TICKET_SERVICE_PATHS.callTicket, { ticketId: row.ticketId, kioskDeskId: 1, deskLabel: 'Accueil 1' });
    await loaded(() => toCall.every((called) => rows.find((row) => row.ticketId === called.ticketId)?.group === 'called'));
    if (rows.length !== ROWS) throw new Error(`${rows.length} rows on the board, not ${ROWS}`);
    const mix = Object.fromEntries(['waiting', 'called', 'inCare', 'done'].map((group) => [group, rows.filter((row) => row.group === group).length]));
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

    const changes = pickChanges(rows);
    const startedAt = Date.now();
    const requestsBefore = publisherRequestCount(sandbox.world.publisher);
    for (const { row, status } of changes) {
      seen.set(row.ticketId, { status, changedAt: Date.now(), seenAt: null });
      await medicalSystemMoves(sandbox, row.contractAppointmentId!, status);
      await new Promise((resolve) => setTimeout(resolve, CHANGE_EVERY_MS));
    }
    await until(() => [...seen.values()].every((change) => change.seenAt !== null), GIVE_UP_MS).catch(() => undefined);
    const elapsedS = (Date.now() - startedAt) / 1000;
    // The bench's own status changes reached the same publisher: they are not the desk's.
    const requests = publisherRequestCount(sandbox.world.publisher) - requestsBefore - changes.length;
    const delays = [...seen.values()].map((change) => ((change.seenAt ?? change.changedAt + GIVE_UP_MS) - change.changedAt) / 1000);
    const unseen = delays.filter((_, i) => [...seen.values()][i]!.seenAt === null).length;
    process.stderr.write(
      `${JSON.stringify({ breakdown: 'board.unpushed', rows: ROWS, mix, changes: changes.length, unseen, seenP50S: percentile(delays, 50), seenMaxS: Math.max(...delays), requests, windowS: Math.round(elapsedS) })}\n`,
    );
    return { seenP95S: percentile(delays, 95), requestsPerS: requests / elapsedS };
  } finally {
    stop();
    await desk.close();
    await sandbox.close();
  }
}

export const benchmarks: Benchmark[] = [
  {
    // Pushes off, 100 rows: a status the medical system changes, until the desk's board shows it (p95 of 24 changes).
    metric: 'board.unpushed_status_seen_p95_s',
    unit: 's',
    target: { op: '<=', value: 10 },
    run: async () => (await measured()).seenP95S,
  },
  {
    // Pushes off, 100 rows: publisher requests per second one desk makes, settled after its first reads, changes included.
    metric: 'board.reverify_requests_per_s_per_desk',
    unit: 'requests/s',
    target: { op: '<=', value: 5 },
    run: async () => (await measured()).requestsPerS,
  },
];
