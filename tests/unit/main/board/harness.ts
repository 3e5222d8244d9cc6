import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BoardRow } from '../../../../src-shared/board/rows';
import type { BoardRowsEvent } from '../../../../src-shared/ipc/features/board.contract';
import { createBoardFeature } from '../../../../src-main/board/feature';
import type { BoardServiceOptions } from '../../../../src-main/board/service';
import { afterEach, beforeEach } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { sandboxDeskParts } from '../../../helpers/desk-context';
import { until } from '../../../helpers/until';

export const fastBoard: BoardServiceOptions = { cacheMs: 200, recheckTickMs: 0, outboxRetryMaxMs: 100, deskHeartbeatMs: 100 };

/** One desk (as startDesk composes it, minus IPC) on a running sandbox, signed in; actions go through the feature's handlers. */
export async function openDesk(sandbox: RunningSandbox, dataDir = mkdtempSync(path.join(tmpdir(), 'board-')), options = fastBoard, login = 'accueil') {
  const parts = await sandboxDeskParts(sandbox, dataDir);
  const { events, staff } = parts;
  const pushes: BoardRowsEvent[] = [];
  events.subscribe((event, payload) => {
    if (event === 'board/rows') pushes.push(payload as BoardRowsEvent);
  });
  const feature = await createBoardFeature(parts, options);
  const { handlers } = feature;
  await staff.signIn({ login, password: 'formation' });
  return {
    board: feature.service,
    handlers,
    callNext: async () => handlers['board/callNext'](undefined),
    call: async (ticketId: string, recall: boolean) => handlers['board/call']({ ticketId, recall }),
    setStatus: async (ticketId: string, status: 'inCare' | 'done' | 'closed') => handlers['board/setStatus']({ ticketId, status }),
    staff,
    events,
    pushes,
    dataDir,
    publisher: parts.publisher,
    platform: parts.board,
    parts,
    close: () => feature.service.close(),
  };
}

type Desk = Awaited<ReturnType<typeof openDesk>>;

/**
 * `count` waiting rows of the desk's office place that `fits` accepts, once the board has read them; kiosk
 * arrivals make up for a seeded day with too few left: late in the evening most of its patients have been
 * seen, and a test that counted on the seeded ones failed at some hours only.
 */
export async function waitingRows(sandbox: RunningSandbox, desk: Desk, count = 1, fits: (row: BoardRow) => boolean = () => true): Promise<BoardRow[]> {
  const appointment = (id: string) => sandbox.world.publisher.appointments.find((candidate) => candidate.id === id);
  const found = async () => (await desk.board.snapshot()).rows.filter((row) => row.group === 'waiting' && row.verification === 'verified' && fits(row));
  for (let arrivals = 0; arrivals < 40; arrivals += 1) {
    const rows = await found();
    if (rows.length >= count) return rows.slice(0, count);
    const arrival = await sandbox.kiosk.arrive();
    const ids = arrival?.appointmentIds ?? [];
    const place = ids[0] && sandbox.world.publisher.officePlaces.find((candidate) => candidate.id === appointment(ids[0]!)?.locationId);
    const ours = (row: BoardRow) => row.contractAppointmentId !== null && ids.includes(row.contractAppointmentId);
    if (place && place.platformId === sandbox.profile.officePlaceId) await until(async () => (await desk.board.snapshot()).rows.some((row) => ours(row) && row.verification === 'verified'));
  }
  throw new Error(`fewer than ${count} waiting patients after 40 kiosk arrivals`);
}

/** A fresh training sandbox per test and the desks a test opens on it, all closed after it. */
export function sandboxDesks(options: BoardServiceOptions = fastBoard) {
  let sandbox: RunningSandbox | undefined;
  const desks: { close(): Promise<void> }[] = [];
  beforeEach(async () => {
    sandbox = await startSandbox();
  });
  afterEach(async () => {
    for (const desk of desks.splice(0)) await desk.close();
    await sandbox?.close();
  });
  return {
    sandbox: () => sandbox!,
    open: async (dataDir?: string) => {
      const desk = await openDesk(sandbox!, dataDir, options);
      desks.push(desk);
      return desk;
    },
    /** The desk is killed: closed without the suite closing it again. */
    forget: (desk: { close(): Promise<void> }) => void desks.splice(desks.indexOf(desk), 1),
  };
}
