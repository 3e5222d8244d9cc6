import type { FastifyInstance } from 'fastify';
import { ENCRYPTION_HEADER, ENCRYPTION_KEY_HEADER } from '../../../src-shared/publisher/schemas';
import { headerValue } from './headers';

const BASE_ALLOWED_HEADERS = ['Content-Type', 'X-Kiosk-Auth-Key', 'X-Kiosk-Device-Id', 'X-Kiosk-Office-Id'];

/**
 * CORS is mandatory in direct mode (the kiosk is a browser application): every
 * answer, errors included, names the caller's origin, and the preflight is
 * answered before, and without, authentication.
 */
export function installCors(app: FastifyInstance, encryptionOn: boolean): void {
  const allowedHeaders = [...BASE_ALLOWED_HEADERS, ...(encryptionOn ? [ENCRYPTION_HEADER, ENCRYPTION_KEY_HEADER] : [])].join(', ');

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Access-Control-Allow-Origin', headerValue(request, 'origin') ?? '*');
    reply.header('Vary', 'Origin');
    // The browser hides response headers unless exposed, and the kiosk must read this one.
    if (encryptionOn) reply.header('Access-Control-Expose-Headers', ENCRYPTION_HEADER);
    return payload;
  });

  app.options('*', async (_request, reply) =>
    reply
      .code(204)
      .header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
      .header('Access-Control-Allow-Headers', allowedHeaders)
      .header('Access-Control-Max-Age', '600')
      .send(),
  );
}
