import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibleLicencesSchema,
  accessTokenClaimsSchema,
  loginResponseSchema,
  profileResponseSchema,
  switchLicenceResponseSchema,
} from '../../../../../src-shared/platform/admin';
import { ADMIN, expectError, INVITED, itLeaksNoSecrets, startAdmin, SUPER, TRAINING_PASSWORD, USER, type AdminHarness } from './harness';

let h: AdminHarness;
beforeAll(async () => {
  h = await startAdmin();
});
afterAll(async () => {
  await h.close();
});

const claimsOf = (token: string) => accessTokenClaimsSchema.parse(decodeJwt(token));

describe('POST /auth/login', () => {
  it('returns an HS256 JWT bound to the default licence, and the user', async () => {
    const reply = await h.call('POST', '/auth/login', { body: { email: ADMIN, password: TRAINING_PASSWORD } });
    expect(reply.status).toBe(200);
    const login = loginResponseSchema.parse(reply.body);
    expect(login).toMatchObject({ token_type: 'Bearer', expires_in: 8 * 3600, currentLicenceId: 1 });
    expect(login.user).toMatchObject({ id: 2, email: ADMIN, role: 'admin', activated: true });
    const claims = claimsOf(login.access_token);
    expect(claims).toMatchObject({ sub: '2', role: 'admin', licenceId: 1 });
    expect(claims.exp - claims.iat).toBe(8 * 3600);
    expect(JSON.parse(Buffer.from(login.access_token.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
  });

  it('answers 401 with the same message for a wrong password and an unknown e-mail', async () => {
    const wrong = expectError(await h.call('POST', '/auth/login', { body: { email: ADMIN, password: 'not-the-password' } }), 401);
    const unknown = expectError(await h.call('POST', '/auth/login', { body: { email: 'nobody@formation.example', password: 'whatever1' } }), 401);
    expect(wrong).toBe(unknown);
  });

  it('answers 401 for a never-activated (invited) account', async () => {
    expectError(await h.call('POST', '/auth/login', { body: { email: INVITED, password: TRAINING_PASSWORD } }), 401);
  });

  it('matches the e-mail case-insensitively', async () => {
    const reply = await h.call('POST', '/auth/login', { body: { email: 'Admin@Formation.EXAMPLE', password: TRAINING_PASSWORD } });
    expect(reply.status).toBe(200);
  });

  it('answers 400 naming the field when e-mail or password is missing', async () => {
    expect(expectError(await h.call('POST', '/auth/login', { body: { password: TRAINING_PASSWORD } }), 400)).toContain('email');
    expect(expectError(await h.call('POST', '/auth/login', { body: { email: ADMIN } }), 400)).toContain('password');
  });
});

describe('GET /auth/profile', () => {
  it('returns the user, the current licence and the token expiry', async () => {
    const token = await h.login(USER);
    const reply = await h.call('GET', '/auth/profile', { token });
    const profile = profileResponseSchema.parse(reply.body);
    expect(profile.user).toMatchObject({ id: 3, role: 'user' });
    expect(profile.currentLicence).toEqual({ id: 1, name: h.world.licences[0]!.name });
    expect(new Date(profile.tokenExpiresAt).getTime()).toBe(h.clock.now.getTime() + 8 * 3600 * 1000);
  });

  it('answers 401 without a token, with a non-Bearer header, a garbage token or a token signed with another secret', async () => {
    expectError(await h.call('GET', '/auth/profile'), 401);
    const token = await h.login(USER);
    expectError(await h.call('GET', '/auth/profile', { headers: { authorization: `Basic ${token}` } }), 401);
    expectError(await h.call('GET', '/auth/profile', { token: 'not.a.jwt' }), 401);
    expectError(await h.call('GET', '/auth/profile', { token: `${token}x` }), 401);
    const forged = await new SignJWT({ role: 'superadmin', licenceId: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('desk-console-sandbox-platform')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-32'));
    expectError(await h.call('GET', '/auth/profile', { token: forged }), 401);
  });

  it('answers 401 once the token has expired (injected clock)', async () => {
    const token = await h.login(USER);
    h.advance(8 * 3600 * 1000 - 1000);
    expect((await h.call('GET', '/auth/profile', { token })).status).toBe(200);
    h.advance(2000);
    expect(expectError(await h.call('GET', '/auth/profile', { token }), 401)).toMatch(/expired/i);
  });

  it('tokenTtlSeconds sets the token lifetime', async () => {
    const short = await startAdmin({ tokenTtlSeconds: 60 });
    try {
      const token = await short.login(USER);
      expect(claimsOf(token).exp - claimsOf(token).iat).toBe(60);
      short.advance(61_000);
      expectError(await short.call('GET', '/auth/profile', { token }), 401);
    } finally {
      await short.close();
    }
  });
});

describe('GET /auth/accessibleLicences', () => {
  async function accessible(email: string) {
    const reply = await h.call('GET', '/auth/accessibleLicences', { token: await h.login(email) });
    return accessibleLicencesSchema.parse(reply.body).licences.map((licence) => licence.id);
  }

  it('gives every licence to a superadmin, default + granted to an admin, the default to a user', async () => {
    expect(await accessible(SUPER)).toEqual([1, 2]);
    expect(await accessible(ADMIN)).toEqual([1, 2]);
    expect(await accessible(USER)).toEqual([1]);
  });

  it('answers 401 without a token', async () => {
    expectError(await h.call('GET', '/auth/accessibleLicences'), 401);
  });
});

describe('POST /auth/switchLicence', () => {
  it('gives a new token bound to the chosen licence', async () => {
    const token = await h.login(SUPER);
    const reply = await h.call('POST', '/auth/switchLicence', { token, body: { licenceId: 2 } });
    expect(reply.status).toBe(200);
    const switched = switchLicenceResponseSchema.parse(reply.body);
    expect(switched.currentLicenceId).toBe(2);
    expect(switched.user.id).toBe(1);
    expect(switched.access_token).not.toBe(token);
    expect(claimsOf(switched.access_token)).toMatchObject({ sub: '1', role: 'superadmin', licenceId: 2 });
    expect(claimsOf(token).licenceId).toBe(1);
    const profile = profileResponseSchema.parse((await h.call('GET', '/auth/profile', { token: switched.access_token })).body);
    expect(profile.currentLicenceId).toBe(2);
  });

  it('lets an admin switch to a granted licence, then manage it and no longer the default one', async () => {
    const token = await h.login(ADMIN);
    const switched = switchLicenceResponseSchema.parse((await h.call('POST', '/auth/switchLicence', { token, body: { licenceId: 2 } })).body);
    expect((await h.call('GET', '/licences/2', { token: switched.access_token })).status).toBe(200);
    expectError(await h.call('GET', '/licences/1', { token: switched.access_token }), 403);
  });

  it('answers 403 to an admin for a licence not granted, and to a user for any licence but the default', async () => {
    const world = h.world;
    world.licences.push({ ...world.licences[1]!, id: 3, uuid: 'lic-3', name: 'Not granted', officePlaceIds: [] });
    try {
      expectError(await h.call('POST', '/auth/switchLicence', { token: await h.login(ADMIN), body: { licenceId: 3 } }), 403);
      const userToken = await h.login(USER);
      expectError(await h.call('POST', '/auth/switchLicence', { token: userToken, body: { licenceId: 2 } }), 403);
      expect((await h.call('POST', '/auth/switchLicence', { token: userToken, body: { licenceId: 1 } })).status).toBe(200);
    } finally {
      world.licences.pop();
    }
  });

  it('answers 404 for an unknown licence and 400 for a licenceId that is not a number', async () => {
    const token = await h.login(SUPER);
    expectError(await h.call('POST', '/auth/switchLicence', { token, body: { licenceId: 999 } }), 404);
    expect(expectError(await h.call('POST', '/auth/switchLicence', { token, body: { licenceId: '2' } }), 400)).toContain('licenceId');
  });

  it('answers 401 without a token', async () => {
    expectError(await h.call('POST', '/auth/switchLicence', { body: { licenceId: 1 } }), 401);
  });
});

describe('token validity follows the account', () => {
  it('a token stops working when its role changes or its account is deleted', async () => {
    const superToken = await h.login(SUPER);
    const created = await h.call('POST', '/users', {
      token: superToken,
      body: { email: 'short-lived@formation.example', password: 'Correct-Horse-Battery-7', role: 'user' },
    });
    const id = (created.body as { id: number }).id;
    const token = await h.login('short-lived@formation.example', 'Correct-Horse-Battery-7');
    await h.call('PUT', `/users/${id}`, { token: superToken, body: { role: 'admin' } });
    expectError(await h.call('GET', '/auth/profile', { token }), 401);
    const again = await h.login('short-lived@formation.example', 'Correct-Horse-Battery-7');
    expect((await h.call('GET', '/auth/profile', { token: again })).status).toBe(200);
    await h.call('DELETE', `/users/${id}`, { token: superToken });
    expectError(await h.call('GET', '/auth/profile', { token: again }), 401);
  });
});

itLeaksNoSecrets(() => h);
