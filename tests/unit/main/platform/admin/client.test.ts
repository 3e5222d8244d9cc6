import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminClient } from '../../../../../src-main/platform/admin/client';
import { startSandbox, type RunningSandbox } from '../../../../../src-main/sandbox/start';
import { DeskError } from '../../../../../src-shared/errors';

const PASSWORD = 'formation';
const SUPER = 'super@formation.example';
const ADMIN = 'admin@formation.example';
const USER = 'utilisateur@formation.example';
const FAST_RETRY = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2, totalBudgetMs: 1_000 };

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

function client(): AdminClient {
  return new AdminClient({ platformUrl: sandbox.platformUrl, retry: FAST_RETRY });
}

async function signedIn(email: string): Promise<AdminClient> {
  const admin = client();
  await admin.login({ email, password: PASSWORD });
  return admin;
}

async function failure(pending: Promise<unknown>): Promise<DeskError> {
  const error = await pending.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DeskError);
  return error as DeskError;
}

describe('AdminClient against the training platform', () => {
  it('signs in, reads the profile and the accessible licences, and switches licence with a new token', async () => {
    const admin = await signedIn(ADMIN);
    const profile = await admin.profile();
    expect(profile.user).toMatchObject({ email: ADMIN, role: 'admin' });
    expect(profile.currentLicence?.id).toBe(1);
    const accessible = await admin.accessibleLicences();
    expect(accessible.licences.map((licence) => licence.id)).toEqual([1, 2]);
    const switched = await admin.switchLicence(2);
    expect(switched.currentLicenceId).toBe(2);
    expect((await admin.profile()).currentLicence?.id).toBe(2);
  });

  it('refuses bad credentials as ADMIN_CREDENTIALS and calls without a token as NOT_SIGNED_IN', async () => {
    const admin = client();
    expect((await failure(admin.login({ email: ADMIN, password: 'wrong-one' }))).code).toBe('ADMIN_CREDENTIALS');
    expect((await failure(admin.users())).code).toBe('NOT_SIGNED_IN');
  });

  it('turns a refused token into SESSION_EXPIRED and forgets it', async () => {
    const admin = await signedIn(SUPER);
    const victim = await (await signedIn(SUPER)).createUser({ email: 'expiring@formation.example', password: 'Longer-Password-1', role: 'admin', defaultLicenceId: 1 });
    const theirs = client();
    await theirs.login({ email: victim.email, password: 'Longer-Password-1' });
    await admin.deleteUser(victim.id);
    const expired = await failure(theirs.users());
    expect(expired).toMatchObject({ code: 'SESSION_EXPIRED', message: 'session expired, sign in again' });
    expect(theirs.signedIn).toBe(false);
  });

  it('maps role refusals, missing records and conflicts to typed codes with field details', async () => {
    const user = await signedIn(USER);
    expect((await failure(user.licences())).code).toBe('ADMIN_FORBIDDEN');
    const superadmin = await signedIn(SUPER);
    expect((await failure(superadmin.licence(999))).code).toBe('ADMIN_NOT_FOUND');
    const taken = await failure(superadmin.createUser({ email: ADMIN, password: 'Longer-Password-1', role: 'user' }));
    expect(taken.code).toBe('ADMIN_EMAIL_TAKEN');
    const invalid = await failure(superadmin.createUser({ email: 'not-an-email', password: 'short', role: 'user' }));
    expect(invalid.code).toBe('ADMIN_INVALID');
    expect(invalid.fields?.map((field) => field.path).sort()).toEqual(['email', 'password']);
    expect(JSON.stringify(invalid.toJSON())).not.toContain('not-an-email');
  });

  it('manages licences and reads the dashboard summary', async () => {
    const superadmin = await signedIn(SUPER);
    const created = await superadmin.createLicence({ name: 'Clinique client test' });
    expect(created).toMatchObject({ name: 'Clinique client test', activeIntegration: 'NONE', assignedFlavor: null });
    const renamed = await superadmin.updateLicence(created.id, { name: 'Clinique renommée', assignedFlavor: 'LIBRE' });
    expect(renamed).toMatchObject({ name: 'Clinique renommée', assignedFlavor: 'LIBRE' });
    const summary = await superadmin.dashboardSummary();
    expect(summary.licences.find((line) => line.id === created.id)?.configuration.state).toBe('none');
    await superadmin.deleteLicence(created.id);
    expect((await failure(superadmin.licence(created.id))).code).toBe('ADMIN_NOT_FOUND');
  });

  it('invites, resends only to never-activated accounts, and sets the password from the outbox token', async () => {
    const superadmin = await signedIn(SUPER);
    const invited = await superadmin.inviteUser({ email: 'round.trip@formation.example', firstName: 'Rémi', role: 'user', defaultLicenceId: 1 });
    expect(invited.user.activated).toBe(false);
    const resent = await superadmin.resendInvitation(invited.user.id);
    expect(resent.user.id).toBe(invited.user.id);
    const mail = (await client().outbox('round.trip@formation.example')).messages.at(-1)!;
    expect(mail.kind).toBe('invitation');
    const anonymous = client();
    expect((await failure(anonymous.setPassword({ email: invited.user.email, token: 'forged', password: 'Round-Trip-Pass-1' }))).code).toBe(
      'ADMIN_INVITATION_INVALID',
    );
    await anonymous.setPassword({ email: invited.user.email, token: mail.token!, password: 'Round-Trip-Pass-1' });
    expect((await anonymous.validate({ email: invited.user.email, password: 'Round-Trip-Pass-1' })).valid).toBe(true);
    expect((await failure(superadmin.resendInvitation(invited.user.id))).code).toBe('ADMIN_ALREADY_ACTIVATED');
    const unreachable = await failure(superadmin.inviteUser({ email: 'nobody@example.invalid' }));
    expect(unreachable.code).toBe('ADMIN_EMAIL_UNREACHABLE');
    await anonymous.forgotPassword('whoever@formation.example');
  });

  it('saves integrations, refuses the other kind with ADMIN_INTEGRATION_CONFLICT, and stores a static referential', async () => {
    const superadmin = await signedIn(SUPER);
    const licence = await superadmin.createLicence({ name: 'Intégrations client' });
    await superadmin.saveTestServerIntegration(licence.id, { serverUrl: 'http://127.0.0.1:9/test' });
    const conflict = await failure(superadmin.savePublisherIntegration(licence.id, { officeId: 'X' }));
    expect(conflict.code).toBe('ADMIN_INTEGRATION_CONFLICT');
    await superadmin.deleteTestServerIntegration(licence.id);
    const saved = await superadmin.savePublisherIntegration(licence.id, { officeId: 'OFF-1', contractBaseUrl: sandbox.contractBaseUrl, supportedRoutes: { any: true } });
    expect(saved).toMatchObject({ officeId: 'OFF-1', contractBaseUrl: sandbox.contractBaseUrl });
    const summary = await superadmin.saveStaticReferential(licence.id, {
      officePlaces: [{ id: '1', name: 'Lyon' }],
      examTypes: [],
      exams: [],
      practitioners: [],
      rooms: [],
      documentTypes: [],
    });
    expect(summary.counts).toMatchObject({ officePlaces: 1, rooms: 0 });
    expect((await superadmin.integrations(licence.id)).staticReferential?.counts.officePlaces).toBe(1);
    await superadmin.deleteLicence(licence.id);
  });

  it('retries reads through 5xx and reports an unreachable platform as PLATFORM_UNREACHABLE', async () => {
    const superadmin = await signedIn(SUPER);
    sandbox.faults.platform.failNext = 2;
    expect((await superadmin.users()).length).toBeGreaterThan(0);
    sandbox.faults.platform.down = true;
    try {
      expect((await failure(superadmin.users())).code).toBe('PLATFORM_UNREACHABLE');
    } finally {
      sandbox.faults.platform.down = false;
    }
  });
});
