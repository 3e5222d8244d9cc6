import { z } from 'zod';
import { ADMIN_API_VERSION, homeResponseSchema, outboxResponseSchema } from '../../../../../src-shared/platform/admin';
import type { AdminContext } from '../context';
import { defineRoute, json, type AdminRoute } from '../route';

export const SERVICE_NAME = 'Kiosk platform (training sandbox)';

/** An OpenAPI document: a JSON object (its structure is checked by the tests). */
export const openApiDocumentSchema = z.record(z.string(), z.unknown());

/** `/`, `/swagger.json` and the sandbox's mail catcher. */
export function homeRoutes(ctx: AdminContext, openApi: () => Record<string, unknown>): AdminRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/',
      operationId: 'home',
      summary: 'Service name and API version',
      tag: 'service',
      auth: 'none',
      responses: { 200: { description: 'Home', schema: homeResponseSchema } },
      handler: () => json(200, { name: SERVICE_NAME, version: ADMIN_API_VERSION }),
    }),
    defineRoute({
      method: 'GET',
      path: '/swagger.json',
      operationId: 'openApi',
      summary: 'This OpenAPI 3.0 description',
      tag: 'service',
      auth: 'none',
      responses: { 200: { description: 'OpenAPI 3.0 document', schema: openApiDocumentSchema } },
      handler: () => json(200, openApi()),
    }),
    defineRoute({
      method: 'GET',
      path: '/sandbox/outbox',
      operationId: 'sandboxOutbox',
      summary: 'E-mails the sandbox has "sent" (sandbox only, no auth)',
      description:
        'The training mail catcher: invitations and reset e-mails, oldest first, with their links and tokens. Only in the sandbox, which listens on 127.0.0.1 with made-up accounts; a real platform has no such route. `?to=` filters by recipient (case-insensitive).',
      tag: 'sandbox',
      auth: 'none',
      query: [{ name: 'to', description: 'Only the e-mails sent to this address' }],
      responses: { 200: { description: 'Messages', schema: outboxResponseSchema } },
      handler({ request }) {
        const { to } = z.object({ to: z.string().max(256).optional().catch(undefined) }).parse(request.query ?? {});
        const wanted = to?.trim().toLowerCase();
        const messages = ctx.outbox.messages.filter((message) => !wanted || message.to.toLowerCase() === wanted);
        return json(200, { messages });
      },
    }),
  ];
}
