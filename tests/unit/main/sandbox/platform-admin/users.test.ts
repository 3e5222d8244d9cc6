import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userListSchema, userSchema, validateCredentialsResponseSchema } from '../../../../../src-shared/platform/admin';
import { ADMIN, expectError, INVITED, itLeaksNoSecrets, NEW_PASSWORDS, startAdmin, SUPER, TRAINING_PASSWORD, USER, type AdminHarness } from './harness';

let h: AdminHarness;
let tokens: { super: string; admin: string; user: string };
beforeAll(async () => {
  h = await startAdmin();
  tokens = { super: await h.login(SUPER), admin: await h.login(ADMIN), user: await h.login(USER) };
});
afterAll(async () => {
  await h.close();
});

const PASSWORD = NEW_PASSWORDS[0];
let sequence = 0;
const freshEmail = () => `person${++sequence}@formation.example`;

async function createUser(token: string, body: Record<string, unknown>) {
  return h.call('POST', '/users', { token, body: { email: freshEmail(), password: PASSWORD, role: 'user', ...body } });
}

describe('POST /users', () => {
  it('creates an activated account (201) that can log in; defaults to the creator\'s licence', async () => {
    const email = freshEmail();
    const reply = await h.call('POST', '/users', {
      token: tokens.super,
      body: { email, password: PASSWORD, role: 'admin', firstName: 'Léa', lastName: 'Roux', phone: '+33 6 00', canAccessCockpit: true },
    });
    expect(reply.status).toBe(201);
    const user = userSchema.parse(reply.body);
    expect(user).toMatchObject({ email, role: 'admin', firstName: 'Léa', defaultLicenceId: 1, canAccessCockpit: true, activated: true });
    expect(Object.keys(reply.body as object)).not.toContain('password');
    await h.login(email, PASSWORD);
  });

  it('answers 409 for an e-mail already used, whatever its case', async () => {
    expectError(await createUser(tokens.super, { email: ADMIN }), 409);
    expectError(await createUser(tokens.super, { email: 'ADMIN@formation.example' }), 409);
  });

  it.each([
    ['an invalid e-mail', { email: 'not-an-email' }, 'email'],
    ['an empty e-mail', { email: '' }, 'email'],
    ['an e-mail over 256 characters', { email: `${'a'.repeat(250)}@formation.example` }, 'email'],
    ['a missing password', { password: undefined }, 'password'],
    ['a password under 8 characters', { password: 'short' }, 'password'],
    ['a password over 256 characters', { password: 'p'.repeat(257) }, 'password'],
    ['an unknown role', { role: 'owner' }, 'role'],
    ['a missing role', { role: undefined }, 'role'],
    ['a firstName over 256 characters', { firstName: 'x'.repeat(257) }, 'firstName'],
    ['a phone that is not a string', { phone: 612345678 }, 'phone'],
    ['canAccessCockpit that is not a boolean', { canAccessCockpit: 'yes' }, 'canAccessCockpit'],
    ['a defaultLicenceId that is not an integer', { defaultLicenceId: '1' }, 'defaultLicenceId'],
    ['an unknown defaultLicenceId', { defaultLicenceId: 99 }, 'defaultLicenceId'],
  ])('answers 400 naming the field for %s', async (_case, body, field) => {
    const message = expectError(await createUser(tokens.super, body), 400);
    expect(message).toContain(field);
  });

  it('answers 400 for malformed JSON, an empty JSON body and a body that is not an object', async () => {
    expect(expectError(await h.call('POST', '/users', { token: tokens.super, body: '{"email": "a@b.example",' }), 400)).toMatch(/malformed json/i);
    expectError(await h.call('POST', '/users', { token: tokens.super, body: '', headers: { 'content-type': 'application/json' } }), 400);
    expect(expectError(await h.call('POST', '/users', { token: tokens.super, body: '[1,2]' }), 400)).toContain('body');
  });

  it('answers 413 for a body over 64 KiB', async () => {
    expectError(await createUser(tokens.super, { firstName: 'x'.repeat(70 * 1024) }), 413);
  });

  it('answers 415 for a body that is neither JSON nor accepted as a form', async () => {
    expectError(await h.call('POST', '/users', { token: tokens.super, body: 'email=a@b.example', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415);
  });

  it('lets an admin create users only on their own licence and never a superadmin (403)', async () => {
    const own = userSchema.parse((await createUser(tokens.admin, { role: 'admin' })).body);
    expect(own.defaultLicenceId).toBe(1);
    expectError(await createUser(tokens.admin, { defaultLicenceId: 2 }), 403);
    expectError(await createUser(tokens.admin, { role: 'superadmin' }), 403);
  });

  it('lets a superadmin create a superadmin on any licence', async () => {
    const reply = await createUser(tokens.super, { role: 'superadmin', defaultLicenceId: 2 });
    expect(userSchema.parse(reply.body)).toMatchObject({ role: 'superadmin', defaultLicenceId: 2 });
  });

  it('refuses a user any creation (403), even with an e-mail already used', async () => {
    expectError(await createUser(tokens.user, {}), 403);
    expectError(await createUser(tokens.user, { email: ADMIN }), 403);
  });

  it('answers 401 without a token', async () => {
    expectError(await h.call('POST', '/users', { body: { email: freshEmail(), password: PASSWORD, role: 'user' } }), 401);
  });
});

describe('GET /users', () => {
  it('lists every account for a superadmin', async () => {
    const users = userListSchema.parse((await h.call('GET', '/users', { token: tokens.super })).body);
    expect(users.map((user) => user.email)).toEqual(expect.arrayContaining([SUPER, ADMIN, USER, INVITED]));
    expect(users.find((user) => user.email === INVITED)?.activated).toBe(false);
  });

  it('lists for an admin the non-superadmin accounts of their licence only', async () => {
    await createUser(tokens.super, { defaultLicenceId: 2, email: 'bron-user@formation.example' });
    const users = userListSchema.parse((await h.call('GET', '/users', { token: tokens.admin })).body);
    expect(users.every((user) => user.defaultLicenceId === 1 && user.role !== 'superadmin')).toBe(true);
    expect(users.map((user) => user.email)).toEqual(expect.arrayContaining([ADMIN, USER, INVITED]));
    expect(users.map((user) => user.email)).not.toContain('bron-user@formation.example');
  });

  it('answers 403 to a user', async () => {
    expectError(await h.call('GET', '/users', { token: tokens.user }), 403);
  });
});

describe('GET /users/{id}', () => {
  it('needs a token (sandbox decision): 401 without', async () => {
    expectError(await h.call('GET', '/users/3'), 401);
  });

  it('gives a superadmin anyone, an admin their scope, a user themself; 403 otherwise', async () => {
    expect(userSchema.parse((await h.call('GET', '/users/2', { token: tokens.super })).body).email).toBe(ADMIN);
    expect(userSchema.parse((await h.call('GET', '/users/3', { token: tokens.admin })).body).email).toBe(USER);
    expectError(await h.call('GET', '/users/1', { token: tokens.admin }), 403);
    expect(userSchema.parse((await h.call('GET', '/users/3', { token: tokens.user })).body).email).toBe(USER);
    expectError(await h.call('GET', '/users/2', { token: tokens.user }), 403);
  });

  it('answers 404 for an unknown user and 400 for an id that is not a positive integer', async () => {
    expectError(await h.call('GET', '/users/999', { token: tokens.super }), 404);
    expect(expectError(await h.call('GET', '/users/abc', { token: tokens.super }), 400)).toContain('id');
  });
});

describe('PUT /users/{id}', () => {
  it('changes only the fields given; setting a password lets the account sign in with it', async () => {
    const user = userSchema.parse((await createUser(tokens.super, { firstName: 'Avant', lastName: 'Garde' })).body);
    const reply = await h.call('PUT', `/users/${user.id}`, { token: tokens.admin, body: { firstName: 'Après', password: NEW_PASSWORDS[1] } });
    expect(userSchema.parse(reply.body)).toMatchObject({ firstName: 'Après', lastName: 'Garde' });
    await h.login(user.email, NEW_PASSWORDS[1]);
    expectError(await h.call('POST', '/auth/login', { body: { email: user.email, password: PASSWORD } }), 401);
  });

  it('answers 404 for an unknown user and 409 for an e-mail already used', async () => {
    expectError(await h.call('PUT', '/users/999', { token: tokens.super, body: { firstName: 'X' } }), 404);
    expectError(await h.call('PUT', '/users/3', { token: tokens.super, body: { email: 'Admin@Formation.example' } }), 409);
  });

  it('answers 400 naming the field for invalid values', async () => {
    expect(expectError(await h.call('PUT', '/users/3', { token: tokens.super, body: { email: 'nope' } }), 400)).toContain('email');
    expect(expectError(await h.call('PUT', '/users/3', { token: tokens.super, body: { role: 'root' } }), 400)).toContain('role');
    expect(expectError(await h.call('PUT', '/users/3', { token: tokens.super, body: { lastName: 'x'.repeat(300) } }), 400)).toContain('lastName');
  });

  it('refuses an admin promoting to superadmin, moving an account to another licence, or editing outside their licence (403)', async () => {
    expectError(await h.call('PUT', '/users/3', { token: tokens.admin, body: { role: 'superadmin' } }), 403);
    expectError(await h.call('PUT', '/users/3', { token: tokens.admin, body: { defaultLicenceId: 2 } }), 403);
    expectError(await h.call('PUT', '/users/1', { token: tokens.admin, body: { firstName: 'X' } }), 403);
    const bron = userSchema.parse((await createUser(tokens.super, { defaultLicenceId: 2 })).body);
    expectError(await h.call('PUT', `/users/${bron.id}`, { token: tokens.admin, body: { firstName: 'X' } }), 403);
  });

  it('lets an admin promote a user of their licence to admin', async () => {
    const user = userSchema.parse((await createUser(tokens.admin, {})).body);
    expect(userSchema.parse((await h.call('PUT', `/users/${user.id}`, { token: tokens.admin, body: { role: 'admin' } })).body).role).toBe('admin');
  });

  it('lets a user edit only their own name, phone and password', async () => {
    const ok = await h.call('PUT', '/users/3', { token: tokens.user, body: { phone: '+33 4 00 00 00 00', role: 'user', email: USER } });
    expect(userSchema.parse(ok.body).phone).toBe('+33 4 00 00 00 00');
    expectError(await h.call('PUT', '/users/3', { token: tokens.user, body: { canAccessCockpit: true } }), 403);
    expectError(await h.call('PUT', '/users/3', { token: tokens.user, body: { email: 'new-me@formation.example' } }), 403);
    expectError(await h.call('PUT', '/users/2', { token: tokens.user, body: { firstName: 'X' } }), 403);
  });

  it('refuses anyone changing their own role', async () => {
    expectError(await h.call('PUT', '/users/2', { token: tokens.admin, body: { role: 'user' } }), 403);
    expectError(await h.call('PUT', '/users/1', { token: tokens.super, body: { role: 'admin' } }), 403);
  });

  it('lets only a superadmin grant licences (grantedLicenceIds)', async () => {
    expectError(await h.call('PUT', '/users/3', { token: tokens.admin, body: { grantedLicenceIds: [2] } }), 403);
    const granted = await h.call('PUT', '/users/2', { token: tokens.super, body: { grantedLicenceIds: [2, 2] } });
    expect(userSchema.parse(granted.body).grantedLicenceIds).toEqual([2]);
    expect(expectError(await h.call('PUT', '/users/2', { token: tokens.super, body: { grantedLicenceIds: [42] } }), 400)).toContain('grantedLicenceIds');
  });
});

describe('DELETE /users/{id}', () => {
  it('deletes (200), then answers 404', async () => {
    const user = userSchema.parse((await createUser(tokens.super, {})).body);
    expect((await h.call('DELETE', `/users/${user.id}`, { token: tokens.super })).status).toBe(200);
    expectError(await h.call('DELETE', `/users/${user.id}`, { token: tokens.super }), 404);
    expectError(await h.call('GET', `/users/${user.id}`, { token: tokens.super }), 404);
  });

  it('refuses deleting one\'s own account (403)', async () => {
    expectError(await h.call('DELETE', '/users/2', { token: tokens.admin }), 403);
    expectError(await h.call('DELETE', '/users/1', { token: tokens.super }), 403);
  });

  it('limits an admin to their licence and never a superadmin; refuses a user (403)', async () => {
    const bron = userSchema.parse((await createUser(tokens.super, { defaultLicenceId: 2 })).body);
    expectError(await h.call('DELETE', `/users/${bron.id}`, { token: tokens.admin }), 403);
    expectError(await h.call('DELETE', '/users/1', { token: tokens.admin }), 403);
    const own = userSchema.parse((await createUser(tokens.admin, {})).body);
    expectError(await h.call('DELETE', `/users/${own.id}`, { token: tokens.user }), 403);
    expect((await h.call('DELETE', `/users/${own.id}`, { token: tokens.admin })).status).toBe(200);
  });
});

describe('POST /users/validate', () => {
  it('answers 200 with the user for valid credentials, without a token', async () => {
    const reply = await h.call('POST', '/users/validate', { body: { email: USER, password: TRAINING_PASSWORD } });
    expect(validateCredentialsResponseSchema.parse(reply.body)).toMatchObject({ valid: true, user: { email: USER } });
  });

  it('answers 401 for a wrong password, an unknown e-mail or a never-activated account; 400 for a missing field', async () => {
    expectError(await h.call('POST', '/users/validate', { body: { email: USER, password: 'wrong-password' } }), 401);
    expectError(await h.call('POST', '/users/validate', { body: { email: 'ghost@formation.example', password: 'wrong-password' } }), 401);
    expectError(await h.call('POST', '/users/validate', { body: { email: INVITED, password: TRAINING_PASSWORD } }), 401);
    expect(expectError(await h.call('POST', '/users/validate', { body: { email: USER } }), 400)).toContain('password');
  });
});

itLeaksNoSecrets(() => h);
