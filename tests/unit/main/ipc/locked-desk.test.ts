import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDesk, type RunningDesk } from '../../../../src-main/desk';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { CHANNELS, type Channel } from '../../../../src-shared/ipc/channels';
import type { BoardSnapshot } from '../../../../src-shared/ipc/features/board.contract';
import { staffRequests } from '../../../helpers/staff-requests';
import { TestKeystore } from '../../../helpers/test-keystore';

/** Fields that carry a patient in any answer of the contract. */
const PATIENT_FIELDS = new Set(['patientDisplayName', 'patients', 'birthDate', 'firstName', 'lastName', 'csv']);

/** Every patient field that holds something, deep, iteratively. */
function patientFields(answer: unknown): string[] {
  const found: string[] = [];
  const pending: unknown[] = [answer];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, item] of Object.entries(value)) {
      const empty = item === null || (Array.isArray(item) && item.length === 0);
      if (PATIENT_FIELDS.has(key) && !empty) found.push(key);
      pending.push(item);
    }
  }
  return found;
}

/**
 * Left out: they change who is at the desk (a sign-out drops the lock with the session) or
 * reach addresses a payload names; none of them carries a patient.
 */
const LEFT_OUT = new Set<Channel>(['staff/signIn', 'staff/signOut', 'printing/saveSettings', 'admin/savePublisherIntegration', 'admin/saveTestServerIntegration', 'profiles/save']);

let sandbox: RunningSandbox;
let desk: RunningDesk;
let names: string[];
let requests: ReturnType<typeof staffRequests>;

/** A desk of the sandbox, signed in as `accueil`. */
async function signedInDesk(): Promise<RunningDesk> {
  const started = await startDesk({ runtime: 'web', dataDir: mkdtempSync(path.join(tmpdir(), 'desk-locked-')), keystore: new TestKeystore(), attach: { profile: sandbox.profile, accountKey: sandbox.accountKey } });
  await started.dispatch('staff/signIn', { login: 'accueil', password: 'formation' });
  return started;
}

beforeAll(async () => {
  sandbox = await startSandbox({ kioskIntervalMs: 0 });
  desk = await signedInDesk();
  const snapshot = (await desk.dispatch('board/snapshot', undefined)) as { ok: true; value: BoardSnapshot };
  const row = snapshot.value.rows.find((candidate) => candidate.contractAppointmentId)!;
  const appointment = sandbox.world.publisher.appointments.find((candidate) => candidate.id === row.contractAppointmentId)!;
  names = sandbox.world.publisher.patients.map((patient) => `${patient.firstName} ${patient.lastName}`);
  // The samples name a patient the board showed before the lock; the unlock sample's password is wrong (the right one would end the test).
  requests = { ...staffRequests({ appointmentId: appointment.id, ticketId: row.ticketId, officePlaceId: 1, code: appointment.convocationCode }), 'board/unlock': { password: 'not-the-password' } } as never;
  expect(await desk.dispatch('board/lock', { reason: 'manual' })).toMatchObject({ ok: true });
});
afterAll(async () => {
  await desk.close();
  await sandbox.close();
});

describe('a locked desk', () => {
  it('shows nobody: no answer of any channel carries a patient field or name, whatever is asked (property)', async () => {
    const channels = CHANNELS.filter((channel) => !LEFT_OUT.has(channel));
    const sample = (channel: Channel) => (channel in requests ? (requests as Record<string, unknown>)[channel] : undefined);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...channels).chain((channel) => fc.tuple(fc.constant(channel), fc.oneof({ arbitrary: fc.constant(sample(channel)), weight: 3 }, fc.anything()))),
        async ([channel, request]) => {
          const answer = await desk.dispatch(channel, request);
          expect(patientFields(answer), channel).toEqual([]);
          const text = JSON.stringify(answer);
          expect(names.filter((name) => text.includes(name)), channel).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
    // Still locked at the end: no call of the property unlocked it.
    expect(await desk.dispatch('board/snapshot', undefined)).toMatchObject({ ok: true, value: { locked: true } });
  });

  it('refuses a search, a scan, a reprint and the CSV with names, then answers them once unlocked', async () => {
    // A desk of its own: the property above may have tried enough wrong passwords to make the next unlock wait.
    await desk.close();
    desk = await signedInDesk();
    expect(await desk.dispatch('board/lock', { reason: 'manual' })).toMatchObject({ ok: true });
    for (const channel of ['checkin/search', 'checkin/byCode', 'printing/reprint', 'statistics/exportCsv', 'board/setQueue', 'board/saveSettings'] as const) {
      expect(await desk.dispatch(channel, requests[channel]), channel).toMatchObject({ ok: false, error: { code: 'BOARD_LOCKED' } });
    }
    expect(await desk.dispatch('board/unlock', { password: 'formation' })).toMatchObject({ ok: true });
    const csv = await desk.dispatch('statistics/exportCsv', { includeNames: true });
    expect(csv).toMatchObject({ ok: true });
    expect(names.some((name) => JSON.stringify(csv).includes(name))).toBe(true);
    await desk.dispatch('board/lock', { reason: 'manual' });
  });
});
