import type { Channel } from '../src-shared/ipc/channels';
import type { ConnectionProfile } from '../src-shared/profile';
import type { ConnectionMonitor } from './connection/monitor';
import type { DeskEvents } from './events/bus';
import type { Handler } from './ipc/dispatch';
import type { PublisherClient } from './publisher/client';
import type { RunningSandbox } from './sandbox/start';
import type { StaffSessionService } from './staff/session';

/** What every feature of the desk is built from; created once per desk start. */
export interface DeskContext {
  runtime: 'electron' | 'web';
  /** Folder of the desk's own files (settings, secrets, outbox, print queue). */
  dataDir: string;
  profile: ConnectionProfile;
  /** The active profile's account key: main only, never in a response or a log. */
  accountKey: string;
  publisher: PublisherClient;
  events: DeskEvents;
  connection: ConnectionMonitor;
  staff: StaffSessionService;
  /** The training sandbox when the desk runs on the Training profile. */
  sandbox: RunningSandbox | null;
}

/** The handlers of exactly the channels a feature declares in src-shared/ipc/features/<name>.names.ts. */
export type FeatureHandlers<Names extends readonly Channel[]> = { [C in Names[number]]: Handler<C> };

/** A feature as the desk composes it: its slice of the handler table and what to stop on close. */
export interface DeskFeature<Names extends readonly Channel[]> {
  handlers: FeatureHandlers<Names>;
  close?(): Promise<void>;
}
