import type { Protocol } from 'electron';
import { CSP_HEADER } from '../security/csp';
import { readRendererFile } from '../web/static';
import { APP_HOST, APP_SCHEME } from './origin';

/** Must run before `app.ready`: app:// behaves like a secure, standard origin. */
export function registerAppScheme(protocol: Protocol): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

/** Serves the built renderer on app://desk with the CSP header; nothing outside it. */
export function serveRenderer(protocol: Protocol, rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === APP_HOST ? await readRendererFile(rendererDir, url.pathname) : null;
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(file.body), {
      status: 200,
      headers: {
        'Content-Type': file.contentType,
        'Content-Security-Policy': CSP_HEADER,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
