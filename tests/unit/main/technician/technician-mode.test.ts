import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDesk, type RunningDesk } from '../../../../src-main/desk';
import { DeskEvents } from '../../../../src-main/events/bus';
import { TechnicianMode, TECHNICIAN_IDLE_MS, TECHNICIAN_MAX_FAILURES, TRAINING_TECHNICIAN_PIN } from '../../../../src-main/technician/mode';
import { TechnicianPinStore } from '../../../../src-main/technician/pin-store';
import type { StaffSession } from '../../../../src-shared/ipc/contract';
import { TestKeystore } from '../../../helpers/test-keystore';

const office = (id: string) => ({ officeId: id, officeVisibleId: id.toUpperCase(), name: id });
const reception: StaffSession = { displayName: 'Élodie Mercier', email: 'accueil@formation.example', offices: [office('ofc-1')], signedInAt: '2026-11-24T08:00:00.000Z' };
const supervisor: StaffSession = { ...reception, displayName: 'Raphaël Lefèvre', offices: [office('ofc-1'), office('ofc-2')] };

async function modeOn(options: { pin?: string; trainingPin?: string | null; session?: StaffSession | null } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'desk-technician-'));
  const pins = await TechnicianPinStore.open(dir);
  if (options.pin) await pins.set(options.pin);
  const clock = { now: 1_000_000 };
  const staff = { session: options.session ?? null, current: () => staff.session };
  const events = new DeskEvents();
  const mode = new TechnicianMode({ pins, staff, events, trainingPin: options.trainingPin ?? null, now: () => clock.now });
  return { dir, mode, clock, staff, events };
}

describe('technician mode', () => {
  it('opens with the local PIN only, and closes by itself after the idle period unless used', async () => {
    const { mode, clock } = await modeOn({ pin: '482916' });
    await expect(mode.open({ with: 'pin', pin: '000000' })).rejects.toMatchObject({ code: 'TECHNICIAN_PIN_WRONG' });
    expect(mode.use()).toBe(false);
    expect(await mode.open({ with: 'pin', pin: '482916' })).toMatchObject({ open: true, pinSet: true });
    clock.now += TECHNICIAN_IDLE_MS - 1000;
    expect(mode.use()).toBe(true); // a technician action restarts the idle period
    clock.now += TECHNICIAN_IDLE_MS - 1000;
    expect(mode.use()).toBe(true);
    clock.now += TECHNICIAN_IDLE_MS;
    expect(mode.use()).toBe(false);
    expect(mode.state()).toMatchObject({ open: false, expiresAt: null });
    mode.dispose();
  });

  it('refuses the PIN for a while after repeated wrong tries, even the right one', async () => {
    const { mode, clock } = await modeOn({ pin: '4829' });
    for (let i = 0; i < TECHNICIAN_MAX_FAILURES; i++) {
      await expect(mode.open({ with: 'pin', pin: '1111' })).rejects.toMatchObject({ code: 'TECHNICIAN_PIN_WRONG' });
    }
    await expect(mode.open({ with: 'pin', pin: '4829' })).rejects.toMatchObject({ code: 'TECHNICIAN_PIN_LOCKED' });
    clock.now += 6 * 60_000;
    await expect(mode.open({ with: 'pin', pin: '4829' })).resolves.toMatchObject({ open: true });
    mode.dispose();
  });

  it('without a PIN, only a signed-in supervisor opens it, and may then set the first PIN', async () => {
    const { mode, staff } = await modeOn({ session: reception });
    expect(mode.state()).toMatchObject({ pinSet: false, supervisorSignedIn: false, trainingPin: null });
    await expect(mode.open({ with: 'pin', pin: '1234' })).rejects.toMatchObject({ code: 'TECHNICIAN_NO_PIN' });
    await expect(mode.open({ with: 'supervisor' })).rejects.toMatchObject({ code: 'SUPERVISOR_REQUIRED' });
    staff.session = supervisor;
    expect(await mode.open({ with: 'supervisor' })).toMatchObject({ open: true, supervisorSignedIn: true });
    expect(await mode.setPin('735102')).toMatchObject({ open: true, pinSet: true });
    mode.close();
    await expect(mode.open({ with: 'pin', pin: '735102' })).resolves.toMatchObject({ open: true });
    mode.dispose();
  });

  it('closes when staff sign out or the board locks, and tells the renderer', async () => {
    const { mode, events } = await modeOn({ trainingPin: TRAINING_TECHNICIAN_PIN });
    const told: unknown[] = [];
    events.subscribe((event, payload) => event === 'technician/changed' && told.push(payload));
    await mode.open({ with: 'pin', pin: TRAINING_TECHNICIAN_PIN });
    events.emit('staff/sessionChanged', null);
    expect(mode.use()).toBe(false);
    expect(told.at(-1)).toMatchObject({ open: false });
    await mode.open({ with: 'pin', pin: TRAINING_TECHNICIAN_PIN });
    events.emit('board/locked', { reason: 'manual', idleMinutes: null });
    expect(mode.use()).toBe(false);
    mode.dispose();
  });

  it('keeps only a salted hash of the PIN on disk, and the same PIN after a restart', async () => {
    const { dir, mode } = await modeOn({ pin: '90817263' });
    mode.dispose();
    const written = readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8')).join('\n');
    expect(written).not.toContain('90817263');
    const again = await TechnicianPinStore.open(dir);
    expect(await again.matches('90817263')).toBe(true);
    expect(await again.matches('90817264')).toBe(false);
  });
});

describe('a damaged technician.json', () => {
  it('is kept aside and told at start; the desk has no PIN until a supervisor sets one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'desk-technician-'));
    writeFileSync(path.join(dir, 'technician.json'), '{"pin": {"salt": "c2Fs');
    const pins = await TechnicianPinStore.open(dir);
    expect(pins.isSet()).toBe(false);
    expect(existsSync(path.join(dir, 'technician.json.corrupt'))).toBe(true);
    expect(readFileSync(path.join(dir, 'notices.json'), 'utf8')).toContain('technician.json.corrupt');
  });
});

describe('technician mode on a running training desk', () => {
  let desk: RunningDesk;
  beforeAll(async () => {
    desk = await startDesk({ runtime: 'web', dataDir: mkdtempSync(path.join(tmpdir(), 'desk-technician-')), keystore: new TestKeystore(), sandbox: { kioskIntervalMs: 0 } });
  });
  afterAll(async () => {
    await desk.close();
  });

  it('refuses printer changes, test prints and probes until it is opened, by PIN or by a supervisor', async () => {
    for (const channel of ['printing/testPrint', 'printing/detect', 'connection/probe'] as const) {
      expect(await desk.dispatch(channel, undefined)).toMatchObject({ ok: false, error: { code: 'TECHNICIAN_MODE_REQUIRED' } });
    }
    // Signed-in reception staff are not technicians.
    await desk.dispatch('staff/signIn', { login: 'accueil', password: 'formation' });
    expect(await desk.dispatch('technician/open', { with: 'supervisor' })).toMatchObject({ ok: false, error: { code: 'SUPERVISOR_REQUIRED' } });
    expect(await desk.dispatch('printing/testPrint', undefined)).toMatchObject({ ok: false, error: { code: 'TECHNICIAN_MODE_REQUIRED' } });

    expect(await desk.dispatch('technician/state', undefined)).toMatchObject({ ok: true, value: { open: false, trainingPin: TRAINING_TECHNICIAN_PIN } });
    expect(await desk.dispatch('technician/open', { with: 'pin', pin: TRAINING_TECHNICIAN_PIN })).toMatchObject({ ok: true, value: { open: true } });
    expect(await desk.dispatch('printing/testPrint', undefined)).toMatchObject({ ok: true });

    await desk.dispatch('staff/signOut', undefined);
    expect(await desk.dispatch('printing/testPrint', undefined)).toMatchObject({ ok: false, error: { code: 'TECHNICIAN_MODE_REQUIRED' } });

    await desk.dispatch('staff/signIn', { login: 'superviseur', password: 'formation' });
    expect(await desk.dispatch('technician/open', { with: 'supervisor' })).toMatchObject({ ok: true, value: { open: true, supervisorSignedIn: true } });
    expect(await desk.dispatch('connection/probe', undefined)).toMatchObject({ ok: true });
    expect(await desk.dispatch('technician/close', undefined)).toMatchObject({ ok: true, value: { open: false } });
    expect(await desk.dispatch('printing/detect', undefined)).toMatchObject({ ok: false, error: { code: 'TECHNICIAN_MODE_REQUIRED' } });
  });
});
