import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeskError } from '../../../../src-shared/errors';
import { CHANNELS } from '../../../../src-shared/ipc/channels';
import { createDispatcher, type HandlerTable } from '../../../../src-main/ipc/dispatch';

const session = {
  displayName: 'Élodie Mercier',
  email: 'accueil@formation.example',
  offices: [],
  signedInAt: '2026-11-23T08:00:00.000Z',
};

/** Everyone at the desk at once: these tests are about validation; access rules have access-rules.test.ts. */
const everyone = {
  staffSignedIn: () => true,
  technicianAtWork: () => true,
  adminSignedIn: () => true,
  boardLocked: () => false,
  offices: { requirePlace: async () => undefined, requireWorkplace: async () => undefined, requireAppointments: async () => undefined, grantedPatients: async <T,>(answer: T) => answer },
};

const unused = () => {
  throw new Error('not used by these tests');
};

/** Every channel answers `unused` unless a test or the defaults below say otherwise. */
function table(overrides: Partial<HandlerTable> = {}): HandlerTable {
  return {
    ...(Object.fromEntries(CHANNELS.map((channel) => [channel, unused])) as unknown as HandlerTable),
    'app/info': () => ({ name: 'Desk', version: '1', runtime: 'web', training: true, profileName: 'Training', trainingAccounts: [], notices: [], unconnected: null }),
    'connection/status': () => ({ publisher: 'unknown', checkedAt: null }),
    'staff/signIn': vi.fn(async () => session),
    'staff/session': () => null,
    'staff/signOut': () => null,
    ...overrides,
  };
}

describe('IPC dispatcher', () => {
  const unhandled = vi.fn();
  beforeEach(() => {
    unhandled.mockReset();
    process.on('unhandledRejection', unhandled);
  });
  afterEach(() => {
    process.off('unhandledRejection', unhandled);
  });

  it('answers a valid call with the handler value', async () => {
    const dispatch = createDispatcher(table(), everyone);
    await expect(dispatch('staff/signIn', { login: 'accueil', password: 'formation' })).resolves.toEqual({ ok: true, value: session });
  });

  it('refuses a bad payload with a typed BAD_REQUEST naming the fields, without calling the handler', async () => {
    const handlers = table();
    const result = await createDispatcher(handlers, everyone)('staff/signIn', { login: 42 });
    expect(result).toEqual({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringContaining('login, password') } });
    expect(handlers['staff/signIn']).not.toHaveBeenCalled();
  });

  it('refuses text that is not valid Unicode (a lone surrogate) with BAD_REQUEST naming the field, never INTERNAL', async () => {
    const handlers = table();
    for (const login of ['\uD800', 'abc\uDC00', '\uDBFFx']) {
      const result = await createDispatcher(handlers, everyone)('staff/signIn', { login, password: 'formation' });
      expect(result).toEqual({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringContaining('login') } });
    }
    expect(handlers['staff/signIn']).not.toHaveBeenCalled();
    await expect(createDispatcher(handlers, everyone)('staff/signIn', { login: 'Zoé 😀', password: 'formation' })).resolves.toMatchObject({ ok: true });
  });

  it('refuses arguments on a call that takes none', async () => {
    const result = await createDispatcher(table(), everyone)('staff/signOut', { sneaky: true });
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
  });

  it('refuses a channel outside the contract', async () => {
    const result = await createDispatcher(table(), everyone)('fs/readFile', '/etc/passwd');
    expect(result).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
  });

  it('turns a handler throw into a typed INTERNAL error without leaking its message', async () => {
    const dispatch = createDispatcher(table({ 'staff/session': () => { throw new Error('patient Dupont crashed it'); } }), everyone);
    const result = await dispatch('staff/session', undefined);
    expect(result).toEqual({ ok: false, error: { code: 'INTERNAL', message: expect.any(String) } });
    expect(JSON.stringify(result)).not.toContain('Dupont');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('turns a rejected promise into a typed error too', async () => {
    const dispatch = createDispatcher(table({ 'staff/signIn': async () => Promise.reject(new TypeError('boom')) }), everyone);
    const result = await dispatch('staff/signIn', { login: 'a', password: 'b' });
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('keeps the code of a DeskError thrown by a service', async () => {
    const dispatch = createDispatcher(
      table({ 'staff/signIn': async () => { throw new DeskError('INVALID_CREDENTIALS', 'refused'); } }),
      everyone,
    );
    await expect(dispatch('staff/signIn', { login: 'a', password: 'b' })).resolves.toEqual({
      ok: false,
      error: { code: 'INVALID_CREDENTIALS', message: 'refused' },
    });
  });

  it('refuses a handler answer that breaks the contract', async () => {
    const dispatch = createDispatcher(table({ 'connection/status': () => ({ publisher: 'maybe', checkedAt: null }) as never }), everyone);
    await expect(dispatch('connection/status', undefined)).resolves.toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });
});
