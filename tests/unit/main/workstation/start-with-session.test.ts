import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startDesk, type DeskStartOptions, type RunningDesk } from '../../../../src-main/desk';
import { TRAINING_TECHNICIAN_PIN } from '../../../../src-main/technician/mode';
import { TestKeystore } from '../../../helpers/test-keystore';

const running: RunningDesk[] = [];
afterAll(async () => {
  await Promise.all(running.map((desk) => desk.close()));
});

function folder(): string {
  return mkdtempSync(path.join(tmpdir(), 'desk-start-with-session-'));
}

/** A training desk (its technician PIN is known) on this data folder and this deployment file, if any. */
async function start(dataDir: string, options: Partial<DeskStartOptions> = {}): Promise<RunningDesk> {
  const desk = await startDesk({
    runtime: 'electron',
    dataDir,
    keystore: new TestKeystore(),
    sandbox: { kioskIntervalMs: 0 },
    deploymentFile: path.join(folder(), 'no-deployment.json'),
    ...options,
  });
  running.push(desk);
  return desk;
}

async function stop(desk: RunningDesk): Promise<void> {
  running.splice(running.indexOf(desk), 1);
  await desk.close();
}

const saved = (dataDir: string) => JSON.parse(readFileSync(path.join(dataDir, 'workstation.json'), 'utf8')).startWithSession;

describe('start the desk when the user signs in, from Settings', () => {
  it('is off by default; a technician turns it on: saved in workstation.json, registered with the session at once, still on after a restart', async () => {
    const dataDir = folder();
    const loginItem = vi.fn();
    const desk = await start(dataDir, { loginItem });
    expect(await desk.dispatch('workstation/settings', undefined)).toEqual({
      ok: true,
      value: { startWithSession: false, startWithSessionLocked: false, appliedHere: true },
    });

    // Technician mode first, as the printer and the profiles.
    expect(await desk.dispatch('workstation/setStartWithSession', { startWithSession: true })).toMatchObject({ ok: false, error: { code: 'TECHNICIAN_MODE_REQUIRED' } });
    expect(loginItem).not.toHaveBeenCalled();
    expect(await desk.dispatch('technician/open', { with: 'pin', pin: TRAINING_TECHNICIAN_PIN })).toMatchObject({ ok: true });
    // The payload is the contract's: nothing else rides along.
    expect(await desk.dispatch('workstation/setStartWithSession', { startWithSession: 'yes' })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(await desk.dispatch('workstation/setStartWithSession', { startWithSession: true, extra: 1 })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });

    expect(await desk.dispatch('workstation/setStartWithSession', { startWithSession: true })).toEqual({
      ok: true,
      value: { startWithSession: true, startWithSessionLocked: false, appliedHere: true },
    });
    expect(loginItem).toHaveBeenCalledExactlyOnceWith(true);
    expect(saved(dataDir)).toBe(true);

    await stop(desk);
    const again = await start(dataDir, { loginItem });
    expect(await again.dispatch('workstation/settings', undefined)).toMatchObject({ ok: true, value: { startWithSession: true } });
  });

  it('shows the deployment file’s word, locked, and refuses a change at the desk in plain words', async () => {
    const dataDir = folder();
    // Chosen at this desk before IT said otherwise.
    writeFileSync(path.join(dataDir, 'workstation.json'), JSON.stringify({ version: 1, display: { open: false, screen: null }, startWithSession: true }));
    const deploymentFile = path.join(folder(), 'deployment.json');
    writeFileSync(deploymentFile, JSON.stringify({ version: 1, startWithSession: false }));
    const loginItem = vi.fn();
    const desk = await start(dataDir, { loginItem, deploymentFile });
    expect(await desk.dispatch('workstation/settings', undefined)).toEqual({
      ok: true,
      value: { startWithSession: false, startWithSessionLocked: true, appliedHere: true },
    });

    expect(await desk.dispatch('technician/open', { with: 'pin', pin: TRAINING_TECHNICIAN_PIN })).toMatchObject({ ok: true });
    const refused = await desk.dispatch('workstation/setStartWithSession', { startWithSession: true });
    expect(refused).toMatchObject({ ok: false, error: { code: 'PROFILE_MANAGED', message: expect.stringMatching(/^This is set by your IT department in the deployment file/) } });
    expect(loginItem).not.toHaveBeenCalled();
    expect(await desk.dispatch('workstation/settings', undefined)).toMatchObject({ ok: true, value: { startWithSession: false, startWithSessionLocked: true } });
  });

  it('in the browser preview: saved for the installed app, and said not to apply here', async () => {
    const dataDir = folder();
    const desk = await start(dataDir, { runtime: 'web' });
    expect(await desk.dispatch('technician/open', { with: 'pin', pin: TRAINING_TECHNICIAN_PIN })).toMatchObject({ ok: true });
    expect(await desk.dispatch('workstation/setStartWithSession', { startWithSession: true })).toEqual({
      ok: true,
      value: { startWithSession: true, startWithSessionLocked: false, appliedHere: false },
    });
    expect(saved(dataDir)).toBe(true);
  });
});
