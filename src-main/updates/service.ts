import type { AppUpdater, Logger as UpdaterLogger } from 'electron-updater';
import type { UpdateSettings } from '../../src-shared/deployment';
import { logger } from '../log';
import { CHECK_INTERVAL_MS, classifyUpdateFailure, INSTALL_TICK_MS, mayInstallNow, updaterChannel, type UpdateFailure } from './policy';
import { rememberDownloaded } from './whats-new';

const log = logger('updates');

export type UpdateOutcome =
  | { kind: 'up-to-date' }
  /** Downloaded and checked (sha512 of latest.yml, the publisher's signature on Windows): installed when the desk quits or at the install hour. */
  | { kind: 'downloaded'; version: string }
  | { kind: 'failed'; failure: UpdateFailure };

export interface UpdateServiceInput {
  /** electron-updater's updater for this system (in Electron: `autoUpdater`). */
  updater: AppUpdater;
  settings: UpdateSettings;
  dataDir: string;
  /** A shift is under way: never restart the desk then. */
  staffSignedIn(): boolean;
  now?: () => Date;
}

/** electron-updater logs in sentences; they go to the desk's log under one scope, as info. */
const updaterLog: UpdaterLogger = {
  info: (message?: unknown) => log.debug(String(message)),
  warn: (message?: unknown) => log.info(String(message)),
  error: (message?: unknown) => log.info(String(message)),
};

/** The updater set for one deployment: its server, its channel, downloads left to the service. */
export function configureUpdater(updater: AppUpdater, settings: UpdateSettings): void {
  updater.logger = updaterLog;
  updater.setFeedURL({ provider: 'generic', url: settings.url });
  updater.channel = updaterChannel(settings.channel);
  // Setting a channel allows downgrades; only a rollback set by IT does.
  updater.allowDowngrade = settings.allowDowngrade;
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = true;
  updater.autoRunAppAfterInstall = true;
  updater.disableWebInstaller = true;
}

/**
 * Background updates for one desk: ask the server, download what it offers, and have it
 * installed when the desk quits (electron-updater's autoInstallOnAppQuit) or at the admin's
 * hour when nobody is signed in. A failure is logged and never reaches staff: the desk keeps
 * working on the version it has.
 */
export class UpdateService {
  private downloaded: string | null = null;
  private checking: Promise<UpdateOutcome> | null = null;
  private timers: NodeJS.Timeout[] = [];
  private readonly now: () => Date;

  constructor(private readonly input: UpdateServiceInput) {
    this.now = input.now ?? (() => new Date());
    configureUpdater(input.updater, input.settings);
  }

  start(): void {
    void this.check();
    this.timers.push(setInterval(() => void this.check(), CHECK_INTERVAL_MS).unref());
    this.timers.push(setInterval(() => this.installIfTime(), INSTALL_TICK_MS).unref());
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  /** The version downloaded and waiting for the desk to quit or for the install hour. */
  pendingVersion(): string | null {
    return this.downloaded;
  }

  /** One check and download; concurrent calls share it. Never rejects. */
  check(): Promise<UpdateOutcome> {
    this.checking ??= this.checkAndDownload().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /** Installs the downloaded update now if the hour has come and nobody is at the desk. */
  installIfTime(): boolean {
    if (this.downloaded === null) return false;
    if (!mayInstallNow({ now: this.now(), installHour: this.input.settings.installHour, staffSignedIn: this.input.staffSignedIn() })) return false;
    log.info('installing update at the install hour', { version: this.downloaded });
    // Silent, and the desk starts again on the new version.
    this.input.updater.quitAndInstall(true, true);
    return true;
  }

  private async checkAndDownload(): Promise<UpdateOutcome> {
    const { updater } = this.input;
    try {
      const result = await updater.checkForUpdates();
      if (!result?.isUpdateAvailable) return { kind: 'up-to-date' };
      const version = result.updateInfo.version;
      if (this.downloaded === version) return { kind: 'downloaded', version };
      // The checksum of latest.yml is checked by electron-updater while it downloads (and the signature on Windows).
      await updater.downloadUpdate();
      await rememberDownloaded(this.input.dataDir, result.updateInfo);
      this.downloaded = version;
      log.info('update downloaded', { version });
      return { kind: 'downloaded', version };
    } catch (error) {
      const failure = classifyUpdateFailure(error);
      const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
      if (failure === 'checksum-mismatch' || failure === 'signature-invalid') log.error('update refused', { failure, code });
      else log.warn('update check failed; the desk keeps its version', { failure, code });
      return { kind: 'failed', failure };
    }
  }
}
