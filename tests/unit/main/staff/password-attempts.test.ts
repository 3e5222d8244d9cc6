import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDesk, type RunningDesk } from '../../../../src-main/desk';
import { DeskEvents } from '../../../../src-main/events/bus';
import type { PublisherClient } from '../../../../src-main/publisher/client';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { StaffSessionService } from '../../../../src-main/staff/session';
import { DeskError } from '../../../../src-shared/errors';
import { failureOf } from '../../../helpers/failure-of';
import { TestKeystore } from '../../../helpers/test-keystore';

/** A medical system that knows one password, and counts how often it is asked. */
function publisherKnowing(password: string) {
  const staffSignIn = vi.fn(async (request: { login: string; password: string }) => {
    if (request.password !== password) throw new DeskError('INVALID_CREDENTIALS', 'refused');
    return { offices: [], userEmail: 'accueil@formation.example', userDisplayName: 'Élodie Mercier' };
  });
  return { staffSignIn } as unknown as PublisherClient & { staffSignIn: typeof staffSignIn };
}

describe('wrong staff passwords in a row', () => {
  it('after 5, a growing wait, said with its length, audited; the right password during the wait is refused too', async () => {
    let now = 1_000_000;
    const publisher = publisherKnowing('formation');
    const audit = { record: vi.fn(async () => undefined) };
    const staff = new StaffSessionService(publisher, new DeskEvents(), undefined, undefined, audit, () => now);
    const wrong = () => failureOf(staff.signIn({ login: 'accueil', password: 'nope' }));

    for (let attempt = 1; attempt <= 4; attempt++) expect((await wrong()).code).toBe('INVALID_CREDENTIALS');
    const fifth = await wrong();
    expect(fifth).toMatchObject({ code: 'PASSWORD_ATTEMPTS_WAIT', retryAfterSeconds: 30 });
    expect(audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'passwordWait', outcome: 'wait 30 s' }));

    // The right password during the wait: refused without asking the medical system.
    const asked = publisher.staffSignIn.mock.calls.length;
    now += 20_000;
    expect(await failureOf(staff.signIn({ login: 'accueil', password: 'formation' }))).toMatchObject({ code: 'PASSWORD_ATTEMPTS_WAIT', retryAfterSeconds: 10 });
    expect(publisher.staffSignIn.mock.calls.length).toBe(asked);

    // Wrong again after the wait: twice as long.
    now += 10_000;
    expect(await wrong()).toMatchObject({ code: 'PASSWORD_ATTEMPTS_WAIT', retryAfterSeconds: 60 });
    now += 60_000;
    await staff.signIn({ login: 'accueil', password: 'formation' });
    // The right password clears the count: 4 wrong ones are free again.
    for (let attempt = 1; attempt <= 4; attempt++) expect((await failureOf(staff.confirmPassword('nope'))).code).toBe('INVALID_CREDENTIALS');
    // Unlocking counts with signing in: it is the same password.
    expect(await failureOf(staff.confirmPassword('nope'))).toMatchObject({ code: 'PASSWORD_ATTEMPTS_WAIT' });
  });

  it('a medical system that cannot be reached counts for nothing', async () => {
    const publisher = { staffSignIn: vi.fn(async () => Promise.reject(new DeskError('PUBLISHER_UNREACHABLE', 'down'))) } as unknown as PublisherClient;
    const staff = new StaffSessionService(publisher, new DeskEvents());
    for (let attempt = 1; attempt <= 8; attempt++) expect((await failureOf(staff.signIn({ login: 'accueil', password: 'formation' }))).code).toBe('PUBLISHER_UNREACHABLE');
  });
});

describe('unlocking a locked desk by guessing', () => {
  let sandbox: RunningSandbox;
  let desk: RunningDesk;
  let dataDir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ kioskIntervalMs: 0 });
    dataDir = mkdtempSync(path.join(tmpdir(), 'desk-attempts-'));
    desk = await startDesk({ runtime: 'web', dataDir, keystore: new TestKeystore(), attach: { profile: sandbox.profile, accountKey: sandbox.accountKey } });
  });
  afterAll(async () => {
    await desk.close();
    await sandbox.close();
  });

  it('12 wrong passwords, then the right one: still locked, told to wait, and the trail says so', async () => {
    await desk.dispatch('staff/signIn', { login: 'accueil', password: 'formation' });
    await desk.dispatch('board/lock', { reason: 'manual' });
    const codes = [];
    for (let attempt = 1; attempt <= 12; attempt++) codes.push(((await desk.dispatch('board/unlock', { password: `guess-${attempt}` })) as { error: { code: string } }).error.code);
    expect(codes.slice(0, 4)).toEqual(Array(4).fill('INVALID_CREDENTIALS'));
    expect(new Set(codes.slice(4))).toEqual(new Set(['PASSWORD_ATTEMPTS_WAIT']));
    const right = await desk.dispatch('board/unlock', { password: 'formation' });
    expect(right).toMatchObject({ ok: false, error: { code: 'PASSWORD_ATTEMPTS_WAIT', retryAfterSeconds: expect.any(Number) } });
    expect(await desk.dispatch('board/snapshot', undefined)).toMatchObject({ ok: true, value: { locked: true } });
    const trail = readFileSync(path.join(dataDir, 'board-audit.jsonl'), 'utf8');
    expect(trail).toContain('"passwordWait"');
    expect(trail).not.toContain('guess-');
  });
});
