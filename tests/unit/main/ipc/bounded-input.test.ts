import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDesk, type RunningDesk } from '../../../../src-main/desk';
import { inputProblem, REQUEST_LIMITS } from '../../../../src-main/ipc/bounds';
import { STATIC_REFERENTIAL_MAX_CHARS } from '../../../../src-shared/admin/referential';
import { registerIpcHandlers } from '../../../../src-main/ipc/electron-ipc';
import { startPreviewHost, type RunningPreviewHost } from '../../../../src-main/web/host';
import { DESK_ERROR_CODES } from '../../../../src-shared/errors';
import { CHANNELS } from '../../../../src-shared/ipc/channels';
import { FakeWebContents, ipcMain } from '../../../mocks/electron';
import { TestKeystore } from '../../../helpers/test-keystore';

vi.mock('electron', () => import('../../../mocks/electron'));

/** Built in a loop: a recursive builder (or JSON.stringify) would itself overflow at these depths. */
function deepArray(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
}
function deepObject(depth: number): unknown {
  let value: unknown = { login: 'accueil' };
  for (let level = 1; level < depth; level += 1) value = { login: value };
  return value;
}

const DEEP = 'nested too deeply';
const LARGE = 'too large';

/** What a hostile renderer could send besides well-shaped JSON, and the words of its refusal (the bound's, not the validator's). */
function hostileInputs(): [string, () => unknown, string][] {
  const cyclic: Record<string, unknown> = { login: 'accueil' };
  cyclic.self = cyclic;
  return [
    ['a 100,000-deep array', () => deepArray(100_000), DEEP],
    ['a 100,000-deep object', () => deepObject(100_000), DEEP],
    ['an array 5,000 deep', () => deepArray(5_000), DEEP],
    ['a million-wide array', () => new Array(1_000_000).fill(0), LARGE],
    ['an object with 200,000 keys', () => Object.fromEntries(Array.from({ length: 200_000 }, (_, index) => [`k${index}`, index])), LARGE],
    ['10 MB of text', () => ({ login: 'x'.repeat(10_000_000), password: 'p' }), LARGE],
    ['a cycle', () => cyclic, DEEP],
    ['a getter that throws', () => Object.defineProperty({}, 'login', { enumerable: true, get: () => { throw new Error('patient Dupont'); } }), 'cannot be read'],
    ['a proxy that throws', () => new Proxy({}, { ownKeys: () => { throw new Error('no keys'); } }), 'cannot be read'],
  ];
}

let desk: RunningDesk;
let host: RunningPreviewHost;
beforeAll(async () => {
  const rendererDir = mkdtempSync(path.join(tmpdir(), 'desk-preview-'));
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Desk Console</title>');
  desk = await startDesk({ runtime: 'web', dataDir: mkdtempSync(path.join(tmpdir(), 'desk-bounds-')), keystore: new TestKeystore(), sandbox: { kioskIntervalMs: 0 } });
  host = await startPreviewHost({ dispatch: desk.dispatch, events: desk.events, rendererDir });
});
afterAll(async () => {
  await host.close();
  await desk.close();
});

describe('bounded input: the dispatcher called directly', () => {
  it.each(hostileInputs())('%s is refused with BAD_REQUEST on a public channel, in plain words', async (_name, make, words) => {
    const result = await desk.dispatch('staff/signIn', make());
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringContaining(words) } });
    expect(JSON.stringify(result)).not.toContain('Dupont');
    // The desk is still there for the next caller.
    expect(await desk.dispatch('app/info', undefined)).toMatchObject({ ok: true });
  });

  it('a real request just under every limit is read as usual (the limits are well above any real request)', async () => {
    let nested: unknown = 'accueil';
    for (let level = 1; level < REQUEST_LIMITS.depth - 1; level += 1) nested = [nested];
    // Deep but unknown to the schema: the validator answers, not the bound.
    const deep = await desk.dispatch('staff/signIn', { login: 'accueil', password: 'formation', extra: nested });
    expect(deep).toMatchObject({ ok: true });
    // The largest real request: a referential upload at its own limit.
    expect(inputProblem({ licenceId: 1, json: 'x'.repeat(STATIC_REFERENTIAL_MAX_CHARS) })).toBeNull();
  });

  it('never throws and always answers a known code, whatever deep and wide values it is given (fuzz)', async () => {
    const shapes = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.anything(), fc.array(tie('node'), { maxLength: 5 }), fc.dictionary(fc.string(), tie('node'), { maxKeys: 5 })),
    })).node;
    const deep = fc.tuple(fc.integer({ min: 1, max: 60_000 }), fc.boolean()).map(([depth, array]) => (array ? deepArray(depth) : deepObject(depth)));
    const wide = fc.integer({ min: 0, max: 300_000 }).map((size) => Array.from({ length: size }, (_, index) => index));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CHANNELS), fc.oneof(shapes, deep, wide), async (channel, payload) => {
        const result = await desk.dispatch(channel, payload);
        if (!result.ok) expect(DESK_ERROR_CODES).toContain(result.error.code);
        if (!result.ok) expect(result.error.code).not.toBe('INTERNAL');
      }),
      { numRuns: 60 },
    );
  });
});

describe('bounded input: the preview host', () => {
  function post(channel: string, body: string) {
    return fetch(`${host.url}/__desk/ipc/${channel}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Desk-Token': host.token }, body });
  }

  it('answers a 100,000-deep JSON array with BAD_REQUEST, not a host error', async () => {
    const response = await post('staff/signIn', `{"request":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringContaining(DEEP) } });
  });

  it('answers a 100,000-deep JSON object and a wide one with BAD_REQUEST, on a staff channel once signed in', async () => {
    await post('staff/signIn', JSON.stringify({ request: { login: 'accueil', password: 'formation' } }));
    const deep = await post('checkin/search', `{"request":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`);
    expect(await deep.json()).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringContaining(DEEP) } });
    const wide = await post('checkin/search', `{"request":[${new Array(150_000).fill('0').join(',')}]}`);
    expect(await wide.json()).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringContaining(LARGE) } });
  });
});

describe('bounded input: the Electron IPC entry', () => {
  it.each(hostileInputs())('%s is answered with BAD_REQUEST through ipcMain', async (_name, make, words) => {
    ipcMain.reset();
    const appContents = new FakeWebContents();
    registerIpcHandlers(ipcMain as never, desk.dispatch, { origins: ['app://desk'], isAppContents: (contents) => contents === (appContents as never) });
    const handler = ipcMain.handlers.get('staff/signIn')!;
    const result = await handler({ sender: appContents, senderFrame: { url: 'app://desk/index.html', parent: null } }, make());
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringContaining(words) } });
  });
});
