import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationResponseSchema, outboxResponseSchema, userSchema } from '../../../../../src-shared/platform/admin';
import { ADMIN, expectError, INVITED, itLeaksNoSecrets, NEW_PASSWORDS, startAdmin, SUPER, USER, type AdminHarness } from './harness';

let h: AdminHarness;
let tokens: { super: string; admin: string; user: string };
beforeAll(async () => {
  h = await startAdmin({ invitationTtlSeconds: 3600, resetTtlSeconds: 600 });
  tokens = { super: await h.login(SUPER), admin: await h.login(ADMIN), user: await h.login(USER) };
});
afterAll(async () => {
  await h.close();
});

const [FIRST, SECOND, THIRD] = NEW_PASSWORDS;
let sequence = 0;
const freshEmail = () => `invitee${++sequence}@formation.example`;

function lastMessageTo(email: string) {
  const messages = h.service.outbox.filter((message) => message.to.toLowerCase() === email.toLowerCase());
  return messages[messages.length - 1];
}

async function invite(token: string, body: Record<string, unknown>) {
  return h.call('POST', '/users/invite', { token, body });
}

describe('the seeded never-activated account', () => {
  it('finds its invitation in the outbox from the start, its link on the platform as it listens, and can accept it', async () => {
    // A service of its own: accepting the invitation activates the account the other suites resend to.
    const fresh = await startAdmin();
    try {
      const reply = await fresh.call('GET', `/sandbox/outbox?to=${encodeURIComponent(INVITED)}`);
      const [seeded, ...others] = outboxResponseSchema.parse(reply.body).messages;
      expect(others).toEqual([]);
      expect(seeded).toMatchObject({ id: 1, kind: 'invitation', to: INVITED, subject: 'Invitation à la plateforme des bornes (formation)' });
      expect(seeded!.link).toBe(`${fresh.url()}/set-password?${new URLSearchParams({ email: INVITED, token: seeded!.token! }).toString()}`);
      expect(seeded!.text).toContain(seeded!.link!);
      const body = { email: INVITED, token: seeded!.token, password: FIRST };
      expect((await fresh.call('POST', '/users/set-password', { body })).status).toBe(200);
      expect(await fresh.login(INVITED, FIRST)).toBeTruthy();
    } finally {
      await fresh.close();
    }
  });
});

describe('invitation round trip', () => {
  it('invite → outbox e-mail → set-password → login', async () => {
    const email = freshEmail();
    const reply = await invite(tokens.admin, { email, firstName: 'Zoé', role: 'admin' });
    expect(reply.status).toBe(200);
    const invitation = invitationResponseSchema.parse(reply.body);
    expect(invitation.user).toMatchObject({ email, role: 'admin', defaultLicenceId: 1, activated: false });
    expect(new Date(invitation.invitationExpiresAt).getTime()).toBe(h.clock.now.getTime() + 3600_000);

    const message = lastMessageTo(email)!;
    expect(message).toMatchObject({ kind: 'invitation', to: email });
    expect(message.text).toContain(message.link);
    const link = new URL(message.link!);
    expect(link.origin).toBe(h.url());
    expect(link.pathname).toBe('/set-password');
    expect(link.searchParams.get('token')).toBe(message.token);
    expect(reply.text).not.toContain(message.token!);

    expectError(await h.call('POST', '/auth/login', { body: { email, password: FIRST } }), 401);
    const set = await h.call('POST', '/users/set-password', { body: { email, token: message.token, password: FIRST } });
    expect(set.status).toBe(200);
    await h.login(email, FIRST);
    expect(userSchema.parse((await h.call('GET', `/users/${invitation.user.id}`, { token: tokens.super })).body).activated).toBe(true);
  });

  it('an invitation token serves only once', async () => {
    const email = freshEmail();
    await invite(tokens.super, { email });
    const { token } = lastMessageTo(email)!;
    expect((await h.call('POST', '/users/set-password', { body: { email, token, password: FIRST } })).status).toBe(200);
    expectError(await h.call('POST', '/users/set-password', { body: { email, token, password: SECOND } }), 400);
    await h.login(email, FIRST);
  });

  it('an invitation token expires after invitationTtlSeconds (injected clock)', async () => {
    const email = freshEmail();
    await invite(tokens.super, { email });
    const { token } = lastMessageTo(email)!;
    h.advance(3600_000);
    expectError(await h.call('POST', '/users/set-password', { body: { email, token, password: FIRST } }), 400);
  });

  it('set-password answers 400 for a wrong token, an unknown e-mail or a short password', async () => {
    const email = freshEmail();
    await invite(tokens.super, { email });
    const { token } = lastMessageTo(email)!;
    expectError(await h.call('POST', '/users/set-password', { body: { email, token: 'wrong-token', password: FIRST } }), 400);
    expectError(await h.call('POST', '/users/set-password', { body: { email: 'ghost@formation.example', token, password: FIRST } }), 400);
    expect(expectError(await h.call('POST', '/users/set-password', { body: { email, token, password: 'short' } }), 400)).toContain('password');
    expect(expectError(await h.call('POST', '/users/set-password', { body: { email, password: FIRST } }), 400)).toContain('token');
    // None of these consumed the token.
    expect((await h.call('POST', '/users/set-password', { body: { email, token, password: FIRST } })).status).toBe(200);
  });
});

describe('POST /users/invite', () => {
  it('answers 409 for an e-mail already used (any case)', async () => {
    expectError(await invite(tokens.super, { email: USER.toUpperCase() }), 409);
    expectError(await invite(tokens.super, { email: INVITED }), 409);
  });

  it('lets an admin invite only on their own licence and never a superadmin; refuses a user (403)', async () => {
    expectError(await invite(tokens.admin, { email: freshEmail(), defaultLicenceId: 2 }), 403);
    expectError(await invite(tokens.admin, { email: freshEmail(), role: 'superadmin' }), 403);
    expectError(await invite(tokens.user, { email: freshEmail() }), 403);
  });

  it('answers 400 for an invalid or unreachable e-mail, and creates no account then', async () => {
    expect(expectError(await invite(tokens.super, { email: 'nope' }), 400)).toContain('email');
    const before = h.service.users().length;
    expect(expectError(await invite(tokens.super, { email: 'someone@clinic.invalid' }), 400)).toMatch(/unreachable/i);
    expect(h.service.users().length).toBe(before);
  });
});

describe('POST /users/{id}/resend-invitation', () => {
  it('issues a new token; the old one stops working', async () => {
    const email = freshEmail();
    const { user } = invitationResponseSchema.parse((await invite(tokens.super, { email })).body);
    const first = lastMessageTo(email)!.token;
    const reply = await h.call('POST', `/users/${user.id}/resend-invitation`, { token: tokens.admin });
    expect(reply.status).toBe(200);
    expect(invitationResponseSchema.parse(reply.body).user.id).toBe(user.id);
    const second = lastMessageTo(email)!.token;
    expect(second).not.toBe(first);
    expectError(await h.call('POST', '/users/set-password', { body: { email, token: first, password: FIRST } }), 400);
    expect((await h.call('POST', '/users/set-password', { body: { email, token: second, password: FIRST } })).status).toBe(200);
  });

  it('works for the seeded never-activated account', async () => {
    expect((await h.call('POST', '/users/4/resend-invitation', { token: tokens.super })).status).toBe(200);
    expect(lastMessageTo(INVITED)?.kind).toBe('invitation');
  });

  it('answers 400 when the account is already activated', async () => {
    expect(expectError(await h.call('POST', '/users/3/resend-invitation', { token: tokens.super }), 400)).toMatch(/already activated/);
  });

  it('answers 404 for an unknown user, 400 for a non-numeric id', async () => {
    expectError(await h.call('POST', '/users/999/resend-invitation', { token: tokens.super }), 404);
    expectError(await h.call('POST', '/users/x/resend-invitation', { token: tokens.super }), 400);
  });

  it('limits an admin to their licence; refuses a user (403)', async () => {
    const { user } = invitationResponseSchema.parse((await invite(tokens.super, { email: freshEmail(), defaultLicenceId: 2 })).body);
    expectError(await h.call('POST', `/users/${user.id}/resend-invitation`, { token: tokens.admin }), 403);
    expectError(await h.call('POST', '/users/4/resend-invitation', { token: tokens.user }), 403);
  });

  it('answers 400 when the e-mail is unreachable', async () => {
    const { user } = invitationResponseSchema.parse((await invite(tokens.super, { email: freshEmail() })).body);
    await h.call('PUT', `/users/${user.id}`, { token: tokens.super, body: { email: 'moved@clinic.invalid' } });
    expect(expectError(await h.call('POST', `/users/${user.id}/resend-invitation`, { token: tokens.super }), 400)).toMatch(/unreachable/i);
  });
});

describe('POST /users/forgot-password', () => {
  it('answers 200 for an unknown e-mail and sends nothing', async () => {
    const before = h.service.outbox.length;
    const unknown = await h.call('POST', '/users/forgot-password', { body: { email: 'ghost@formation.example' } });
    expect(unknown.status).toBe(200);
    expect(h.service.outbox.length).toBe(before);
    const known = await h.call('POST', '/users/forgot-password', { body: { email: USER } });
    expect(known.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    expect(h.service.outbox.length).toBe(before + 1);
  });

  it('e-mails a reset link that sets a new password once; the old password stops working', async () => {
    const email = freshEmail();
    await h.call('POST', '/users', { token: tokens.super, body: { email, password: FIRST, role: 'user' } });
    await h.call('POST', '/users/forgot-password', { body: { email } });
    const message = lastMessageTo(email)!;
    expect(message.kind).toBe('password-reset');
    expect((await h.call('POST', '/users/set-password', { body: { email, token: message.token, password: THIRD } })).status).toBe(200);
    await h.login(email, THIRD);
    expectError(await h.call('POST', '/auth/login', { body: { email, password: FIRST } }), 401);
    expectError(await h.call('POST', '/users/set-password', { body: { email, token: message.token, password: SECOND } }), 400);
  });

  it('a reset token expires after resetTtlSeconds', async () => {
    await h.call('POST', '/users/forgot-password', { body: { email: ADMIN } });
    const { token } = lastMessageTo(ADMIN)!;
    h.advance(600_000);
    expectError(await h.call('POST', '/users/set-password', { body: { email: ADMIN, token, password: SECOND } }), 400);
  });

  it('answers 400 for an invalid e-mail', async () => {
    expect(expectError(await h.call('POST', '/users/forgot-password', { body: { email: 'x' } }), 400)).toContain('email');
  });
});

describe('GET /sandbox/outbox', () => {
  it('lists the e-mails sent, oldest first, filtered by ?to= (no auth)', async () => {
    const all = outboxResponseSchema.parse((await h.call('GET', '/sandbox/outbox')).body).messages;
    expect(all.length).toBe(h.service.outbox.length);
    expect(all.map((message) => message.id)).toEqual([...all.map((message) => message.id)].sort((a, b) => a - b));
    const mine = outboxResponseSchema.parse((await h.call('GET', `/sandbox/outbox?to=${encodeURIComponent(INVITED.toUpperCase())}`)).body).messages;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((message) => message.to === INVITED)).toBe(true);
  });
});

itLeaksNoSecrets(() => h);
