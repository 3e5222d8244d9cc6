import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserFor, electronExecutable, installFailureReason, planStart, previewAddress } from '../../../../scripts/start-plan';

/** An electron package folder as npm leaves it, with or without the binary Electron downloads. */
function electronPackage(withBinary: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'electron-pkg-'));
  writeFileSync(path.join(dir, 'path.txt'), 'electron');
  if (withBinary) {
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'electron'), '#!/bin/sh\n');
    chmodSync(path.join(dir, 'dist', 'electron'), 0o755);
  }
  return dir;
}

describe('npm start: Electron when it can be had, the browser preview otherwise', () => {
  it('starts Electron at once when its binary is installed, without installing anything', () => {
    const executable = electronExecutable(electronPackage(true), {}, 'linux');
    let installs = 0;
    const plan = planStart({ findElectron: () => executable, installElectron: () => ((installs += 1), { ok: true }) });
    expect(plan).toEqual({ runtime: 'electron', executable: expect.stringMatching(/dist[\\/]electron$/) });
    expect(installs).toBe(0);
  });

  it('installs the binary the way Electron does when it is missing, then starts Electron', () => {
    const dir = electronPackage(false);
    const plan = planStart({
      findElectron: () => electronExecutable(dir, {}, 'linux'),
      installElectron: () => {
        mkdirSync(path.join(dir, 'dist'));
        writeFileSync(path.join(dir, 'dist', 'electron'), '#!/bin/sh\n', { mode: 0o755 });
        return { ok: true };
      },
    });
    expect(plan).toMatchObject({ runtime: 'electron' });
  });

  it('starts the preview with the reason in one line when the download is refused', () => {
    const dir = electronPackage(false);
    const stderr = 'TypeError: fetch failed\n    at node:internal/deps/undici/undici:14976:13\n    at async FetchDownloader.download (file:///x.js:46:30)\n';
    const plan = planStart({ findElectron: () => electronExecutable(dir, {}, 'linux'), installElectron: () => ({ ok: false, reason: installFailureReason(stderr) }) });
    expect(plan).toEqual({ runtime: 'preview', reason: 'the Electron binary could not be downloaded (TypeError: fetch failed)' });
  });

  it('does not take a file it cannot run for the binary', () => {
    const dir = electronPackage(true);
    chmodSync(path.join(dir, 'dist', 'electron'), 0o644);
    expect(electronExecutable(dir, {}, 'linux')).toBeNull();
    expect(electronExecutable(dir, { ELECTRON_OVERRIDE_DIST_PATH: path.join(dir, 'nowhere') }, 'linux')).toBeNull();
  });

  it("finds the preview's address in what it prints, and opens it only where there is a browser and a screen", () => {
    const address = previewAddress('Open this address in Chromium: http://127.0.0.1:41235/?token=a1B2-c3');
    expect(address).toBe('http://127.0.0.1:41235/?token=a1B2-c3');
    expect(previewAddress('Desk Console is running.')).toBeNull();
    const everywhere = () => true;
    expect(browserFor(address!, { DISPLAY: ':0' }, 'linux', everywhere)).toEqual({ command: 'chromium', args: [`--app=${address}`, '--no-first-run'] });
    expect(browserFor(address!, {}, 'linux', everywhere)).toBeNull();
    expect(browserFor(address!, { DISPLAY: ':0', DESK_NO_BROWSER: '1' }, 'linux', everywhere)).toBeNull();
    expect(browserFor(address!, { DISPLAY: ':0' }, 'linux', () => false)).toBeNull();
    expect(browserFor(address!, {}, 'win32', () => false)).toMatchObject({ command: 'cmd' });
  });
});
