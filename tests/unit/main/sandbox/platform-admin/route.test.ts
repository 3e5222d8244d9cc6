import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handleAdminError } from '../../../../../src-main/sandbox/platform/admin/errors';
import { defineRoute, json, mountRoutes } from '../../../../../src-main/sandbox/platform/admin/route';
import { adminErrorBodySchema, userSchema } from '../../../../../src-shared/platform/admin';

/** The route table's guard: what is sent is what the contract declares, nothing more. */
let app: FastifyInstance;
const user = { id: 7, email: 'a@b.example', firstName: '', lastName: '', phone: '', role: 'user', defaultLicenceId: 1, canAccessCockpit: false, grantedLicenceIds: [], activated: true };

beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(async (scope) => {
    scope.setErrorHandler(handleAdminError);
    mountRoutes(
      scope,
      [
        defineRoute({
          method: 'GET',
          path: '/leaky',
          operationId: 'leaky',
          summary: 'Returns more than its schema declares',
          tag: 'test',
          auth: 'none',
          responses: { 200: { description: 'User', schema: userSchema } },
          handler: () => json(200, { ...user, passwordHash: 'deadbeef', pending: { token: 't' } }),
        }),
        defineRoute({
          method: 'GET',
          path: '/broken',
          operationId: 'broken',
          summary: 'Answers a shape its schema refuses',
          tag: 'test',
          auth: 'none',
          responses: { 200: { description: 'User', schema: userSchema } },
          handler: () => json(200, { id: 'not-a-number' }),
        }),
        defineRoute({
          method: 'GET',
          path: '/undeclared',
          operationId: 'undeclared',
          summary: 'Answers a status it does not declare',
          tag: 'test',
          auth: 'none',
          responses: { 200: { description: 'Nothing', schema: z.object({}) } },
          handler: () => json(418, {}),
        }),
      ],
      async () => {
        throw new Error('no auth in this test');
      },
    );
  });
});
afterAll(async () => {
  await app.close();
});

describe('route table guard', () => {
  it('drops every field the response schema does not declare', async () => {
    const reply = await app.inject({ method: 'GET', url: '/leaky' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual(user);
    expect(reply.body).not.toContain('deadbeef');
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('refuses to send an answer that breaks its schema or its declared statuses (500, no details)', async () => {
    for (const url of ['/broken', '/undeclared']) {
      const reply = await app.inject({ method: 'GET', url });
      expect(reply.statusCode).toBe(500);
      expect(adminErrorBodySchema.parse(reply.json()).message).not.toContain('not-a-number');
    }
  });
});
