import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeskEvents } from '../../../../src-main/events/bus';
import { PublisherClient } from '../../../../src-main/publisher/client';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { StaffSessionService } from '../../../../src-main/staff/session';
import { WorkplaceMemory } from '../../../../src-main/staff/workplace-store';

/** Which office place a desk acts for: never chosen silently for staff of several offices. */
describe('the workplace of a signed-in staff member', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  async function desk(dataDir = mkdtempSync(path.join(tmpdir(), 'workplace-'))) {
    const publisher = new PublisherClient({ profile: sandbox.profile, accountKey: sandbox.accountKey, timeoutMs: 2_000 });
    return { dataDir, staff: new StaffSessionService(publisher, new DeskEvents(), sandbox.profile, await WorkplaceMemory.open(dataDir)) };
  }

  it("a staff member of one office works at the profile's place at once", async () => {
    const { staff } = await desk();
    await staff.signIn({ login: 'accueil', password: 'formation' });
    expect(staff.workplace()).toMatchObject({ officePlaceId: sandbox.profile.officePlaceId });
  });

  it('a staff member of several offices has no place until one is chosen on this workstation, then keeps it', async () => {
    const { staff, dataDir } = await desk();
    await staff.signIn({ login: 'superviseur', password: 'formation' });
    expect(staff.workplace()).toBeNull();
    expect(() => staff.requireWorkplace()).toThrow(expect.objectContaining({ code: 'PROFILE_INVALID' }));
    await staff.chooseWorkplace({ officePlaceId: 3, deskId: 2, deskLabel: 'Accueil 2' });
    const again = await desk(dataDir);
    await again.staff.signIn({ login: 'superviseur', password: 'formation' });
    expect(again.staff.workplace()).toEqual({ officePlaceId: 3, deskId: 2, deskLabel: 'Accueil 2' });
  });
});
