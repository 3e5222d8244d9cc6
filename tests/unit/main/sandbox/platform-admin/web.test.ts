import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ackResponseSchema,
  kioskConfigurationSchema,
  WEB_SESSION_COOKIE,
  webLicencesSchema,
  webLoginResponseSchema,
  webPublisherIntegrationSchema,
  webTestServerIntegrationSchema,
  webUsersSchema,
} from '../../../../../src-shared/platform/admin';
import { ADMIN, expectError, INVITED, itLeaksNoSecrets, NEW_PASSWORDS, startAdmin, SUPER, TRAINING_PASSWORD, USER, type AdminHarness, type Reply } from './harness';

let h: AdminHarness;
beforeAll(async () => {
  h = await startAdmin();
});
afterAll(async () => {
  await h.close();
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function sessionCookie(reply: Reply): string {
  const header = reply.headers.getSetCookie().find((cookie) => cookie.startsWith(`${WEB_SESSION_COOKIE}=`));
  expect(header, 'session cookie').toBeDefined();
  return header!.split(';')[0]!;
}

async function webLogin(email: string, password = TRAINING_PASSWORD): Promise<string> {
  const reply = await h.call('POST', '/web-auth/login', { body: { email, password } });
  expect(reply.status).toBe(200);
  return sessionCookie(reply);
}

/** No script, no stylesheet or image from elsewhere, every link on this origin. */
function expectSelfContained(reply: Reply): void {
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toContain('text/html');
  expect(reply.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(reply.text).toMatch(/^<!doctype html>/i);
  expect(reply.text).not.toMatch(/<script|<link|<img|<iframe|\bsrc=|@import|url\(/i);
  for (const [, href] of reply.text.matchAll(/href="([^"]*)"/g)) expect(href!.startsWith('/') || href!.startsWith(h.url())).toBe(true);
}

describe('web pages', () => {
  it('GET /login is a self-contained page with a form posting to /web-auth/login', async () => {
    const reply = await h.call('GET', '/login');
    expectSelfContained(reply);
    expect(reply.text).toContain('action="/web-auth/login"');
    expect(reply.text).toMatch(/name="email"[\s\S]*name="password"/);
  });

  it('GET /tools is a self-contained page linking to swagger.json and the outbox, and lists the latest e-mails', async () => {
    await h.call('POST', '/users/forgot-password', { body: { email: USER } });
    const reply = await h.call('GET', '/tools');
    expectSelfContained(reply);
    expect(reply.text).toContain('href="/swagger.json"');
    expect(reply.text).toContain('href="/sandbox/outbox"');
    expect(reply.text).toContain(USER);
    expect(reply.text).toContain('href="/login"');
  });

  it('GET /tools shows the signed-in account and the data links', async () => {
    const cookie = await webLogin(ADMIN);
    const reply = await h.call('GET', '/tools', { headers: { cookie } });
    expectSelfContained(reply);
    expect(reply.text).toContain(ADMIN);
    expect(reply.text).toContain('href="/web-auth/data/kiosk"');
    expect(reply.text).toContain('href="/web-auth/logout"');
  });

  it('GET /set-password escapes what the link carries', async () => {
    const reply = await h.call('GET', `/set-password?${form({ email: '"><script>alert(1)</script>', token: 'abc' })}`);
    expectSelfContained(reply);
    expect(reply.text).toContain('&#34;&#62;&#60;script&#62;');
    expect(reply.text).toContain('action="/users/set-password"');
  });

  it('the set-password page\'s form activates an invited account and answers a page', async () => {
    const superToken = await h.login(SUPER);
    await h.call('POST', '/users/4/resend-invitation', { token: superToken });
    const { token } = h.service.outbox.filter((message) => message.to === INVITED).at(-1)!;
    const reply = await h.call('POST', '/users/set-password', { body: form({ email: INVITED, token: token!, password: NEW_PASSWORDS[0] }), headers: FORM });
    expectSelfContained(reply);
    await h.login(INVITED, NEW_PASSWORDS[0]);
  });
});

describe('POST /web-auth/login', () => {
  it('(JSON) answers the user and sets an HttpOnly, SameSite=Strict session cookie', async () => {
    const reply = await h.call('POST', '/web-auth/login', { body: { email: ADMIN, password: TRAINING_PASSWORD } });
    expect(webLoginResponseSchema.parse(reply.body)).toMatchObject({ user: { email: ADMIN }, currentLicenceId: 1 });
    const header = reply.headers.getSetCookie()[0]!;
    expect(header).toMatch(new RegExp(`^${WEB_SESSION_COOKIE}=[A-Za-z0-9_-]{40,};`));
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/');
    expect(header).toContain(`Max-Age=${8 * 3600}`);
  });

  it('(form) answers a page and sets the cookie', async () => {
    const reply = await h.call('POST', '/web-auth/login', { body: form({ email: USER, password: TRAINING_PASSWORD }), headers: FORM });
    expectSelfContained(reply);
    expect(sessionCookie(reply)).toBeTruthy();
  });

  it('answers 401 for bad credentials and for a never-activated account, without a cookie', async () => {
    const bad = await h.call('POST', '/web-auth/login', { body: { email: ADMIN, password: 'wrong-password' } });
    expectError(bad, 401);
    expect(bad.headers.getSetCookie()).toEqual([]);
    const created = await h.call('POST', '/users/invite', { token: await h.login(SUPER), body: { email: 'web-invitee@formation.example' } });
    expect(created.status).toBe(200);
    expectError(await h.call('POST', '/web-auth/login', { body: { email: 'web-invitee@formation.example', password: TRAINING_PASSWORD } }), 401);
  });

  it('(form) answers the login page again with 401 for bad credentials', async () => {
    const reply = await h.call('POST', '/web-auth/login', { body: form({ email: ADMIN, password: 'wrong-password' }), headers: FORM });
    expect(reply.status).toBe(401);
    expect(reply.text).toContain('action="/web-auth/login"');
    expect(reply.text).toContain('role="alert"');
  });

  it('answers 400 naming the field for an invalid e-mail', async () => {
    expect(expectError(await h.call('POST', '/web-auth/login', { body: { email: 'nope', password: 'x' } }), 400)).toContain('email');
  });
});

describe('GET /web-auth/data/*', () => {
  const DATA = ['licences', 'users', 'integrations/publisher', 'integrations/testserveur', 'kiosk'];

  it('answers 401 without a session, or with an unknown session id', async () => {
    for (const name of DATA) {
      expectError(await h.call('GET', `/web-auth/data/${name}`), 401);
      expectError(await h.call('GET', `/web-auth/data/${name}`, { headers: { cookie: `${WEB_SESSION_COOKIE}=forged` } }), 401);
    }
  });

  it('gives a superadmin every licence and account', async () => {
    const cookie = await webLogin(SUPER);
    const licences = webLicencesSchema.parse((await h.call('GET', '/web-auth/data/licences', { headers: { cookie } })).body);
    expect(licences.licences.map((licence) => licence.id)).toEqual([1, 2]);
    const users = webUsersSchema.parse((await h.call('GET', '/web-auth/data/users', { headers: { cookie } })).body);
    expect(users.users.map((user) => user.email)).toContain(SUPER);
  });

  it('gives an admin their licence, its accounts, its integrations and its kiosk configuration with the account key', async () => {
    const cookie = await webLogin(ADMIN);
    const licences = webLicencesSchema.parse((await h.call('GET', '/web-auth/data/licences', { headers: { cookie } })).body);
    expect(licences).toMatchObject({ currentLicenceId: 1, licences: [{ id: 1 }] });
    const users = webUsersSchema.parse((await h.call('GET', '/web-auth/data/users', { headers: { cookie } })).body).users;
    expect(users.every((user) => user.defaultLicenceId === 1 && user.role !== 'superadmin')).toBe(true);
    const publisher = webPublisherIntegrationSchema.parse((await h.call('GET', '/web-auth/data/integrations/publisher', { headers: { cookie } })).body);
    expect(publisher).toMatchObject({ licenceId: 1, integration: { officeId: 'ofc-1', officeVisibleId: 'CIM-LYON' } });
    const testServer = webTestServerIntegrationSchema.parse((await h.call('GET', '/web-auth/data/integrations/testserveur', { headers: { cookie } })).body);
    expect(testServer).toEqual({ licenceId: 1, integration: null });
    const kiosk = kioskConfigurationSchema.parse((await h.call('GET', '/web-auth/data/kiosk', { headers: { cookie } })).body);
    expect(kiosk).toMatchObject({
      platformUrl: h.url(),
      licence: { id: 1, uuid: h.world.licences[0]!.uuid, accountKey: h.world.licences[0]!.accountKey, officePlaceIds: [1, 2, 3] },
      publisher: { officeId: 'ofc-1', relayBaseUrl: `${h.url()}/api/contractRelay` },
    });
    expect(kiosk.kiosks.map((device) => device.externalId)).toEqual(['KIOSK-LYON-1', 'KIOSK-LYON-2', 'KIOSK-VILLEU-1']);
  });

  it('gives a user themself only, and the kiosk configuration without the account key', async () => {
    const cookie = await webLogin(USER);
    const users = webUsersSchema.parse((await h.call('GET', '/web-auth/data/users', { headers: { cookie } })).body).users;
    expect(users.map((user) => user.email)).toEqual([USER]);
    const kiosk = kioskConfigurationSchema.parse((await h.call('GET', '/web-auth/data/kiosk', { headers: { cookie } })).body);
    expect(kiosk.licence?.accountKey).toBeNull();
  });

  it('a session expires with the token lifetime', async () => {
    const cookie = await webLogin(USER);
    h.advance(8 * 3600 * 1000);
    expectError(await h.call('GET', '/web-auth/data/users', { headers: { cookie } }), 401);
  });
});

describe('GET /web-auth/logout', () => {
  it('closes the session and clears the cookie (200, even without a session)', async () => {
    const cookie = await webLogin(ADMIN);
    const reply = await h.call('GET', '/web-auth/logout', { headers: { cookie } });
    expect(ackResponseSchema.parse(reply.body).ok).toBe(true);
    expect(reply.headers.getSetCookie()[0]).toMatch(new RegExp(`^${WEB_SESSION_COOKIE}=;.*Max-Age=0`));
    expectError(await h.call('GET', '/web-auth/data/licences', { headers: { cookie } }), 401);
    expect((await h.call('GET', '/web-auth/logout')).status).toBe(200);
  });

  it('answers a page to a browser', async () => {
    expectSelfContained(await h.call('GET', '/web-auth/logout', { headers: { accept: 'text/html,application/xhtml+xml' } }));
  });
});

itLeaksNoSecrets(() => h);
