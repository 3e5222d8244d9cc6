import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDesk, type RunningDesk } from '../../../../src-main/desk';
import { startPreviewHost, type RunningPreviewHost } from '../../../../src-main/web/host';
import { TestKeystore } from '../../../helpers/test-keystore';

let desk: RunningDesk;
let host: RunningPreviewHost;

beforeAll(async () => {
  const rendererDir = mkdtempSync(path.join(tmpdir(), 'desk-preview-'));
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Desk Console</title>');
  writeFileSync(path.join(tmpdir(), 'desk-outside.txt'), 'outside');
  desk = await startDesk({ runtime: 'web', dataDir: mkdtempSync(path.join(tmpdir(), 'desk-data-')), keystore: new TestKeystore() });
  host = await startPreviewHost({ dispatch: desk.dispatch, events: desk.events, rendererDir });
});

afterAll(async () => {
  await host.close();
  await desk.close();
});

function call(channel: string, request?: unknown, token: string | null = host.token) {
  return fetch(`${host.url}/__desk/ipc/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Desk-Token': token } : {}) },
    body: JSON.stringify(request === undefined ? {} : { request }),
  });
}

describe('browser preview host', () => {
  it('listens on 127.0.0.1 only and prints an address that carries the token', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.openUrl).toBe(`${host.url}/?token=${host.token}`);
    expect(host.token.length).toBeGreaterThanOrEqual(24);
  });

  it('serves the built renderer with the CSP header', async () => {
    const response = await fetch(`${host.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await response.text()).toContain('<title>Desk Console</title>');
  });

  it('never serves a file outside the renderer folder', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const url = new URL(host.url);
      const req = httpRequest({ host: url.hostname, port: url.port, path: '/../desk-outside.txt' }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    expect(body).not.toContain('outside');
  });

  it('refuses an API call without the per-run token', async () => {
    const missing = await call('app/info', undefined, null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    expect((await call('app/info', undefined, 'x'.repeat(host.token.length))).status).toBe(401);
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(host.url);
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: '/__desk/ipc/app/info', method: 'POST', headers: { Host: 'evil.example', 'X-Desk-Token': host.token } },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(421);
  });

  it('runs the same handler table as main: sign-in, typed errors, bad payloads', async () => {
    const good = await (await call('staff/signIn', { login: 'accueil', password: 'formation' })).json();
    expect(good).toMatchObject({ ok: true, value: { displayName: 'Élodie Mercier' } });
    const bad = await (await call('staff/signIn', { login: 'accueil', password: 'wrong' })).json();
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_CREDENTIALS' } });
    const malformed = await (await call('staff/signIn', { login: ['x'] })).json();
    expect(malformed).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    const unknown = await (await call('shell/openExternal', 'https://evil.example')).json();
    expect(unknown).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    const notJson = await fetch(`${host.url}/__desk/ipc/app/info`, { method: 'POST', headers: { 'X-Desk-Token': host.token }, body: '{' });
    expect(notJson.status).toBe(400);
  });

  it('pushes main events over Server-Sent Events', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${host.url}/__desk/events?token=${host.token}`, { signal: controller.signal });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const reader = stream.body!.getReader();
    await call('staff/signIn', { login: 'superviseur', password: 'formation' });
    let text = '';
    while (!text.includes('staff/sessionChanged')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    const frame = text.split('\n').find((line) => line.startsWith('data: ') && line.includes('staff/sessionChanged'))!;
    expect(JSON.parse(frame.slice(6))).toMatchObject({ event: 'staff/sessionChanged', payload: { displayName: 'Raphaël Lefèvre' } });
  });

  it('refuses the event stream without the token', async () => {
    expect((await fetch(`${host.url}/__desk/events`)).status).toBe(401);
  });
});
