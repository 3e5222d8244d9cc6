import {
  accessibleLicencesSchema,
  loginRequestSchema,
  loginResponseSchema,
  profileResponseSchema,
  switchLicenceRequestSchema,
  switchLicenceResponseSchema,
} from '../../../../../src-shared/platform/admin';
import { accessibleLicenceIds } from '../access';
import { publicUser } from '../accounts';
import type { AdminContext } from '../context';
import { forbidden, notFound } from '../errors';
import { defineRoute, json, type AdminRoute } from '../route';
import { checkCredentials, homeLicence, tokenResponse } from '../sign-in';
import { errorsOf, INVALID_INPUT } from './common';

/** `/auth/*`: login, profile, accessible licences, licence switch. */
export function authRoutes(ctx: AdminContext): AdminRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/auth/login',
      operationId: 'login',
      summary: 'Exchange e-mail and password for an access token',
      description: 'The token is bound to the user\'s default licence. A never-activated account (invitation not accepted) gets 401.',
      tag: 'auth',
      auth: 'none',
      body: loginRequestSchema,
      responses: {
        200: { description: 'Signed in', schema: loginResponseSchema },
        ...errorsOf({ 400: INVALID_INPUT, 401: 'Invalid e-mail or password' }, false),
      },
      async handler({ body }) {
        const user = await checkCredentials(ctx, body.email, body.password);
        return json(200, await tokenResponse(ctx, user, homeLicence(ctx, user)));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/auth/profile',
      operationId: 'getProfile',
      summary: 'The signed-in user, their current licence and the token expiry',
      tag: 'auth',
      auth: 'bearer',
      responses: { 200: { description: 'Profile', schema: profileResponseSchema }, ...errorsOf({}) },
      handler({ principal }) {
        const licence = principal.licenceId === null ? undefined : ctx.licensing.byId(principal.licenceId);
        return json(200, {
          user: publicUser(principal.user),
          currentLicenceId: principal.licenceId,
          currentLicence: licence ? { id: licence.id, name: licence.name } : null,
          tokenExpiresAt: principal.expiresAt.toISOString(),
        });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/auth/accessibleLicences',
      operationId: 'getAccessibleLicences',
      summary: 'Licences the user may switch to',
      description: 'Superadmin: every licence. Admin: default licence + licences granted to them. User: default licence.',
      tag: 'auth',
      auth: 'bearer',
      responses: { 200: { description: 'Licences, by id', schema: accessibleLicencesSchema }, ...errorsOf({}) },
      handler({ principal }) {
        const ids = new Set(accessibleLicenceIds(principal.user, ctx.licensing));
        const licences = ctx.licensing.list().filter((licence) => ids.has(licence.id));
        return json(200, { licences: licences.map(({ id, name }) => ({ id, name })) });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/auth/switchLicence',
      operationId: 'switchLicence',
      summary: 'Get a new token bound to another licence',
      description: 'Superadmin: any licence. Admin: default or granted licences. User: their default licence only.',
      tag: 'auth',
      auth: 'bearer',
      body: switchLicenceRequestSchema,
      responses: {
        200: { description: 'New token bound to the licence', schema: switchLicenceResponseSchema },
        ...errorsOf({ 400: INVALID_INPUT, 403: 'Licence not accessible to this account', 404: 'Licence not found' }),
      },
      async handler({ principal, body }) {
        if (!ctx.licensing.byId(body.licenceId)) throw notFound(`Licence ${body.licenceId} not found.`);
        if (!accessibleLicenceIds(principal.user, ctx.licensing).includes(body.licenceId)) {
          throw forbidden(`Licence ${body.licenceId} is not accessible to this account.`);
        }
        return json(200, await tokenResponse(ctx, principal.user, body.licenceId));
      },
    }),
  ];
}
