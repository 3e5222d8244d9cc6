import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppUpdater } from 'electron-updater';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeskEvents } from '../../../../src-main/events/bus';
import { startUpdates } from '../../../../src-main/updates/start';
import type { UpdateService } from '../../../../src-main/updates/service';

/** electron-updater's autoUpdater as the service drives it: a 0.2.0 on the server. */
function fakeUpdater() {
  return {
    setFeedURL: vi.fn(),
    checkForUpdates: vi.fn(async () => ({ isUpdateAvailable: true, updateInfo: { version: '0.2.0', releaseNotes: 'Nouveautés' } })),
    downloadUpdate: vi.fn(async () => []),
    quitAndInstall: vi.fn(),
  };
}

const staff = { id: 'u1', login: 'amartin', displayName: 'A. Martin', roles: ['reception'] };

describe('updates wired from the deployment file', () => {
  let service: UpdateService | null = null;
  afterEach(() => {
    service?.stop();
    vi.useRealTimers();
  });

  it('does nothing without an update server in the deployment file', async () => {
    const updater = fakeUpdater();
    const load = vi.fn(async () => updater as unknown as AppUpdater);
    service = await startUpdates({ deployment: { status: 'ok', file: '/etc/desk-console/deployment.json', deployment: { version: 1, profiles: [] } }, updater: load, dataDir: mkdtempSync(path.join(tmpdir(), 'desk-upd-')), events: new DeskEvents() });
    expect(service).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('downloads from the server it names, and installs at its hour only while nobody is signed in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 27, 3, 15));
    const updater = fakeUpdater();
    const events = new DeskEvents();
    service = await startUpdates({
      deployment: { status: 'ok', file: '/etc/desk-console/deployment.json', deployment: { version: 1, profiles: [], updates: { url: 'https://updates.example/desk', channel: 'stable', installHour: 3, allowDowngrade: false } } },
      updater: async () => updater as unknown as AppUpdater,
      dataDir: mkdtempSync(path.join(tmpdir(), 'desk-upd-')),
      events,
    });
    expect(updater.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'https://updates.example/desk' });
    await vi.waitFor(() => expect(service!.pendingVersion()).toBe('0.2.0'));

    events.relay('staff/sessionChanged', staff);
    expect(service!.installIfTime()).toBe(false);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();

    events.relay('staff/sessionChanged', null);
    expect(service!.installIfTime()).toBe(true);
    expect(updater.quitAndInstall).toHaveBeenCalledWith(true, true);
  });
});
