/**
 * electron-updater itself, run in Node against an update server on 127.0.0.1: the real
 * GenericProvider reads the channel file (latest.yml), the real download checks the sha512
 * it gives. Only what needs Electron is replaced: the app adapter (version, folders) and the
 * HTTP executor (Node's instead of Chromium's net), and quitAndInstall, which would run the installer.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type RequestOptions, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NsisUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor';
import { afterEach, describe, expect, it } from 'vitest';
import { updateSettingsSchema, type UpdateSettings } from '../../../../src-shared/deployment';
import { NoticeBoard } from '../../../../src-main/store/notices';
import { UpdateService } from '../../../../src-main/updates/service';
import { announceIfUpdated } from '../../../../src-main/updates/whats-new';

const INSTALLER = 'Desk-Console-Setup-0.2.0.exe';

class NodeAppAdapter implements AppAdapter {
  readonly name = 'Desk Console';
  readonly isPackaged = true;
  constructor(
    readonly version: string,
    private readonly dir: string,
  ) {
    // electron-builder writes this next to app.asar when `publish` is configured.
    writeFileSync(this.appUpdateConfigPath, 'provider: generic\nurl: https://updates.invalid/desk-console\nupdaterCacheDirName: desk-console-updater\n');
  }
  get appUpdateConfigPath(): string {
    return path.join(this.dir, 'app-update.yml');
  }
  get userDataPath(): string {
    return path.join(this.dir, 'user-data');
  }
  get baseCachePath(): string {
    return path.join(this.dir, 'cache');
  }
  whenReady(): Promise<void> {
    return Promise.resolve();
  }
  relaunch(): void {}
  quit(): void {}
  onQuit(): void {}
}

/** electron-updater's own downloader (redirects, sha512 check), over Node's http instead of Chromium's net. */
class NodeNetExecutor extends ElectronHttpExecutor {
  override createRequest(options: RequestOptions, callback: (response: unknown) => void): ReturnType<ElectronHttpExecutor['createRequest']> {
    return httpRequest(options, callback) as unknown as ReturnType<ElectronHttpExecutor['createRequest']>;
  }
}

/** The Windows updater, as a desk installed with NSIS runs it; installing is only recorded. */
class NodeNsisUpdater extends NsisUpdater {
  installs: Array<{ silent: boolean; runAfter: boolean }> = [];
  constructor(app: AppAdapter) {
    super(null, app);
    (this as unknown as { httpExecutor: NodeNetExecutor }).httpExecutor = new NodeNetExecutor();
  }
  override quitAndInstall(isSilent = false, isForceRunAfter = false): void {
    this.installs.push({ silent: isSilent, runAfter: isForceRunAfter });
  }
  /** Where the checked download waits for the installer to run. */
  downloadedFile(): string | null {
    return this.installerPath;
  }
}

interface UpdateServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function sha512(bytes: Buffer): string {
  return createHash('sha512').update(bytes).digest('base64');
}

/** A generic update server: one channel file for any `<channel>*.yml` asked, and the installer. */
async function startUpdateServer(options: { version: string; artefact: Buffer; describedAs?: Buffer; channel?: string }): Promise<UpdateServer> {
  const described = options.describedAs ?? options.artefact;
  const channelFile = [
    `version: ${options.version}`,
    'files:',
    `  - url: ${INSTALLER}`,
    `    sha512: ${sha512(described)}`,
    `    size: ${described.length}`,
    `path: ${INSTALLER}`,
    `sha512: ${sha512(described)}`,
    "releaseDate: '2026-11-27T06:00:00.000Z'",
    "releaseNotes: '<p>Le tableau se met à jour plus vite.</p><p>Faster board.</p>'",
    '',
  ].join('\n');
  const requests: string[] = [];
  const channel = options.channel ?? 'latest';
  const server = createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname.slice(1));
    requests.push(name);
    const file = path.posix.basename(name);
    if (file.startsWith(channel) && file.endsWith('.yml')) {
      response.writeHead(200, { 'content-type': 'text/yaml' }).end(channelFile);
    } else if (file === INSTALLER) {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': options.artefact.length }).end(options.artefact);
    } else {
      response.writeHead(404).end();
    }
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/desk-console/`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function desk(url: string, overrides: Partial<UpdateSettings> = {}, staffSignedIn = false) {
  const dir = mkdtempSync(path.join(tmpdir(), 'desk-updater-'));
  const updater = new NodeNsisUpdater(new NodeAppAdapter('0.1.0', dir));
  const settings = updateSettingsSchema.parse({ url, ...overrides });
  const service = new UpdateService({ updater, settings, dataDir: dir, staffSignedIn: () => staffSignedIn, now: () => new Date(2026, 10, 27, 3, 15) });
  return { dir, updater, service };
}

describe('updater against a local server (offer, checksum refused, server down)', () => {
  const artefact = Buffer.from('MZ stand-in installer of Desk Console 0.2.0\n'.repeat(200));

  it('offers the newer version of latest.yml, downloads it in the background checked against its sha512, and says what is new at the next start', async () => {
    const server = await startUpdateServer({ version: '0.2.0', artefact });
    const { dir, updater, service } = desk(server.url);

    await expect(service.check()).resolves.toEqual({ kind: 'downloaded', version: '0.2.0' });
    expect(server.requests[0]).toMatch(/^desk-console\/latest.*\.yml$/);
    expect(server.requests).toContain(`desk-console/${INSTALLER}`);
    expect(service.pendingVersion()).toBe('0.2.0');
    const file = updater.downloadedFile();
    expect(file && readFileSync(file).equals(artefact)).toBe(true);

    // The installer runs once the desk has quit; the desk then starts on 0.2.0.
    await expect(announceIfUpdated(dir, '0.2.0')).resolves.toBe(true);
    const notices = (await NoticeBoard.open(dir)).list();
    expect(notices).toEqual([expect.objectContaining({ kind: 'app-updated', version: '0.2.0', notes: 'Le tableau se met à jour plus vite.\nFaster board.' })]);
    // Told once.
    await expect(announceIfUpdated(dir, '0.2.0')).resolves.toBe(false);
  });

  it('refuses a download whose sha512 is not the one latest.yml gives: nothing is left to install', async () => {
    const tampered = Buffer.from(artefact);
    tampered.writeUInt8(tampered.readUInt8(10) ^ 0xff, 10);
    const server = await startUpdateServer({ version: '0.2.0', artefact: tampered, describedAs: artefact });
    const { updater, service } = desk(server.url);

    await expect(service.check()).resolves.toEqual({ kind: 'failed', failure: 'checksum-mismatch' });
    expect(server.requests).toContain(`desk-console/${INSTALLER}`);
    expect(service.pendingVersion()).toBeNull();
    const file = updater.downloadedFile();
    expect(file === null || !existsSync(file)).toBe(true);
    expect(service.installIfTime()).toBe(false);
    expect(updater.installs).toEqual([]);
  });

  it('ignores an update server that is down: the check resolves, nothing is pending, the desk keeps its version', async () => {
    const server = await startUpdateServer({ version: '0.2.0', artefact });
    const url = server.url;
    await server.close();
    servers.splice(0);
    const { service } = desk(url);

    await expect(service.check()).resolves.toEqual({ kind: 'failed', failure: 'server-unreachable' });
    expect(service.pendingVersion()).toBeNull();
  });

  it('stays on its version when the server offers the same one, and never downgrades unless IT asks for a rollback', async () => {
    const same = await startUpdateServer({ version: '0.1.0', artefact });
    await expect(desk(same.url).service.check()).resolves.toEqual({ kind: 'up-to-date' });

    const older = await startUpdateServer({ version: '0.0.9', artefact });
    await expect(desk(older.url, { channel: 'stable' }).service.check()).resolves.toEqual({ kind: 'up-to-date' });
    await expect(desk(older.url, { channel: 'stable', allowDowngrade: true }).service.check()).resolves.toEqual({ kind: 'downloaded', version: '0.0.9' });
  });

  it('reads beta.yml on the beta channel', async () => {
    const server = await startUpdateServer({ version: '0.2.0', artefact, channel: 'beta' });
    await expect(desk(server.url, { channel: 'beta' }).service.check()).resolves.toEqual({ kind: 'downloaded', version: '0.2.0' });
    expect(server.requests[0]).toMatch(/^desk-console\/beta.*\.yml$/);
  });

  it('installs at the admin hour only when nobody is signed in, silently and starting again', async () => {
    const server = await startUpdateServer({ version: '0.2.0', artefact });
    const atThree = desk(server.url, { installHour: 3 });
    await atThree.service.check();
    expect(atThree.service.installIfTime()).toBe(true);
    expect(atThree.updater.installs).toEqual([{ silent: true, runAfter: true }]);

    const midShift = desk(server.url, { installHour: 3 }, true);
    await midShift.service.check();
    expect(midShift.service.installIfTime()).toBe(false);
    const onQuitOnly = desk(server.url);
    await onQuitOnly.service.check();
    expect(onQuitOnly.service.installIfTime()).toBe(false);
    expect([...midShift.updater.installs, ...onQuitOnly.updater.installs]).toEqual([]);
    // Whatever the hour, quitting the desk installs it (electron-updater's install on quit).
    expect(onQuitOnly.updater.autoInstallOnAppQuit).toBe(true);
  });
});
