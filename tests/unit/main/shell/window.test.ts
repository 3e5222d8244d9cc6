import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CSP_HEADER } from '../../../../src-main/security/csp';
import { ExternalLinks } from '../../../../src-main/shell/external';
import { denyAllPermissions } from '../../../../src-main/shell/permissions';
import { registerAppScheme, serveRenderer } from '../../../../src-main/shell/protocol';
import { createMainWindow, hardenWebContents } from '../../../../src-main/shell/window';
import { createFakeSession, FakeWebContents, protocol } from '../../../mocks/electron';

vi.mock('electron', () => import('../../../mocks/electron'));

describe('main window security settings', () => {
  it('writes out every webPreferences flag that matters', () => {
    const window = createMainWindow('/app/preload.cjs', false) as unknown as { options: { webPreferences: object } };
    expect(window.options.webPreferences).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      disableBlinkFeatures: 'Auxclick',
      devTools: false,
    });
    expect(window.options.webPreferences).not.toHaveProperty('enableBlinkFeatures');
  });
});

describe('web contents hardening', () => {
  function harden() {
    const contents = new FakeWebContents();
    const open = vi.fn(async () => undefined);
    const links = new ExternalLinks(open);
    links.allowOrigin('https://platform.example');
    hardenWebContents(contents as never, ['app://desk'], links);
    return { contents, open };
  }

  it('blocks navigation away from the app and lets in-app navigation through', () => {
    const { contents } = harden();
    const away = { preventDefault: vi.fn() };
    contents.emit('will-navigate', away, 'https://evil.example/');
    expect(away.preventDefault).toHaveBeenCalled();
    const inside = { preventDefault: vi.fn() };
    contents.emit('will-navigate', inside, 'app://desk/index.html#/board');
    expect(inside.preventDefault).not.toHaveBeenCalled();
    const redirect = { preventDefault: vi.fn() };
    contents.emit('will-redirect', redirect, 'http://127.0.0.1:9/');
    expect(redirect.preventDefault).toHaveBeenCalled();
  });

  it('denies every new window and only opens allowlisted https links externally', async () => {
    const { contents, open } = harden();
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'https://platform.example/help' })).toEqual({ action: 'deny' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('https://platform.example/help');
  });

  it('refuses webviews', () => {
    const { contents } = harden();
    const attach = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', attach);
    expect(attach.preventDefault).toHaveBeenCalled();
  });
});

describe('external links allowlist', () => {
  it('opens nothing but https pages of allowed origins', async () => {
    const open = vi.fn(async () => undefined);
    const links = new ExternalLinks(open);
    links.allowOrigin('https://platform.example');
    links.allowOrigin('http://insecure.example');
    for (const url of ['http://platform.example/', 'file:///etc/passwd', 'https://user:pw@platform.example/', 'javascript:alert(1)', 'http://insecure.example/']) {
      await expect(links.openSafely(url)).resolves.toBe(false);
    }
    await expect(links.openSafely('https://platform.example/admin')).resolves.toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe('permissions', () => {
  it('denies every permission request and check', () => {
    const session = createFakeSession();
    denyAllPermissions(session as never);
    const callback = vi.fn();
    session.permissionRequestHandler?.({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(session.permissionCheckHandler?.({}, 'notifications')).toBe(false);
    expect(session.devicePermissionHandler?.({})).toBe(false);
  });
});

describe('app:// protocol', () => {
  it('registers app as a secure standard scheme and serves the renderer with the CSP header', async () => {
    registerAppScheme(protocol as never);
    expect(protocol.privileged).toContainEqual({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) });
    const dir = mkdtempSync(path.join(tmpdir(), 'desk-renderer-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>desk</title>');
    serveRenderer(protocol as never, dir);
    const handler = protocol.handlers.get('app')!;
    const page = await handler(new Request('app://desk/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CSP_HEADER);
    expect(await page.text()).toContain('<title>desk</title>');
    expect((await handler(new Request('app://elsewhere/index.html'))).status).toBe(404);
  });
});
