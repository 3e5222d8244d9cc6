import { createInfrastructure, type Infrastructure } from '../../src-main/infrastructure';
import { DeskJournal } from '../../src-main/journal/desk-journal';
import { trainingPortOf } from '../../src-main/profiles/connection';
import type { RunningSandbox } from '../../src-main/sandbox/start';
import { OfficeGrants } from '../../src-main/staff/grants';
import { StaffSessionService } from '../../src-main/staff/session';
import { WorkplaceMemory } from '../../src-main/staff/workplace-store';

/** The infrastructure and staff session startDesk builds, on a running sandbox and a data folder: for feature tests without IPC. */
export async function sandboxDeskParts(sandbox: RunningSandbox, dataDir: string): Promise<Infrastructure & { staff: StaffSessionService; grants: OfficeGrants }> {
  const infrastructure = createInfrastructure({
    runtime: 'web',
    dataDir,
    profile: sandbox.profile,
    accountKey: sandbox.accountKey,
    training: trainingPortOf(sandbox),
    journal: await DeskJournal.open(dataDir),
  });
  const { publisher, events } = infrastructure;
  const staff = new StaffSessionService(publisher, events, sandbox.profile, await WorkplaceMemory.open(dataDir), infrastructure.audit);
  const grants = new OfficeGrants({ publisher, session: () => staff.requireSession(), profilePlace: () => sandbox.profile.officePlaceId });
  return { ...infrastructure, staff, grants };
}
