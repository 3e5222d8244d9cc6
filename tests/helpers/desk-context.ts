import { ConnectionMonitor } from '../../src-main/connection/monitor';
import { DeskEvents } from '../../src-main/events/bus';
import type { DeskContext } from '../../src-main/features';
import { PublisherClient } from '../../src-main/publisher/client';
import type { RunningSandbox } from '../../src-main/sandbox/start';
import { StaffSessionService } from '../../src-main/staff/session';
import { WorkplaceMemory } from '../../src-main/staff/workplace-store';

/** The DeskContext startDesk builds, on a running sandbox and a data folder: for feature tests without IPC. */
export async function sandboxDeskContext(sandbox: RunningSandbox, dataDir: string): Promise<DeskContext> {
  const events = new DeskEvents();
  const publisher = new PublisherClient({ profile: sandbox.profile, accountKey: sandbox.accountKey });
  return {
    runtime: 'web',
    dataDir,
    profile: sandbox.profile,
    accountKey: sandbox.accountKey,
    publisher,
    events,
    connection: new ConnectionMonitor(events),
    staff: new StaffSessionService(publisher, events, sandbox.profile, await WorkplaceMemory.open(dataDir)),
    sandbox,
  };
}
