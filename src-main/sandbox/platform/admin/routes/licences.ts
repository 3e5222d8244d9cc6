import {
  ackResponseSchema,
  createLicenceRequestSchema,
  dashboardSummarySchema,
  licenceListSchema,
  licenceSchema,
  updateLicenceRequestSchema,
} from '../../../../../src-shared/platform/admin';
import { localDay } from '../../../world/time';
import type { SandboxLicence } from '../../../world/types';
import { requireLicenceAdministration, requireRole, requireSuperadmin, type Principal } from '../access';
import type { AdminContext } from '../context';
import { forbidden, notFound } from '../errors';
import { licenceView } from '../licensing';
import { defineRoute, json, type AdminRoute } from '../route';
import { errorsOf, INVALID_INPUT } from './common';

/** Role gate (user: 403), then existence (404), then scope (admin: their current licence, 403). */
export function administeredLicence(ctx: AdminContext, principal: Principal, id: number): SandboxLicence {
  requireRole(principal, ['admin', 'superadmin'], 'Licence administration');
  const licence = ctx.licensing.byId(id);
  if (!licence) throw notFound(`Licence ${id} not found.`);
  requireLicenceAdministration(principal, id);
  return licence;
}

const SUPERADMIN_ONLY = 'Not a superadmin';

/** `/licences` and `/licences/{id}`. */
export function licenceRoutes(ctx: AdminContext): AdminRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/licences',
      operationId: 'createLicence',
      summary: 'Create a licence',
      description: 'Sandbox decision: superadmin only. The licence gets a UUID and a random account key; activeIntegration NONE, no flavor.',
      tag: 'licences',
      auth: 'bearer',
      body: createLicenceRequestSchema,
      responses: { 201: { description: 'Created', schema: licenceSchema }, ...errorsOf({ 400: INVALID_INPUT, 403: SUPERADMIN_ONLY }) },
      handler({ principal, body }) {
        requireSuperadmin(principal, 'Creating licences');
        return json(201, licenceView(ctx.licensing.create(body.name)));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/licences',
      operationId: 'listLicences',
      summary: 'List every licence',
      tag: 'licences',
      auth: 'bearer',
      responses: { 200: { description: 'Licences, by id', schema: licenceListSchema }, ...errorsOf({ 403: SUPERADMIN_ONLY }) },
      handler({ principal }) {
        requireSuperadmin(principal, 'Listing licences');
        return json(200, ctx.licensing.list().map(licenceView));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/licences/dashboard-summary',
      operationId: 'getDashboardSummary',
      summary: 'Per-licence summary: flavor, persisted configuration state, counters',
      description: 'The sandbox never probes integrations: `configuration.probe` is always `unknown`. Users are counted by default licence; tickets are those of the licence\'s office places today.',
      tag: 'licences',
      auth: 'bearer',
      responses: { 200: { description: 'Summary', schema: dashboardSummarySchema }, ...errorsOf({ 403: SUPERADMIN_ONLY }) },
      handler({ principal }) {
        requireSuperadmin(principal, 'The dashboard summary');
        const now = ctx.now();
        const users = ctx.accounts.list();
        return json(200, {
          day: localDay(now),
          generatedAt: now.toISOString(),
          licences: ctx.licensing.list().map((licence) => ctx.licensing.summary(licence, users, now)),
        });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/licences/{id}',
      operationId: 'getLicence',
      summary: 'Read a licence',
      description: 'Superadmin: any. Admin: the licence their token is bound to. User: 403.',
      tag: 'licences',
      auth: 'bearer',
      responses: {
        200: { description: 'Licence', schema: licenceSchema },
        ...errorsOf({ 400: 'id is not a positive integer', 403: 'Role or scope refuses it', 404: 'Licence not found' }),
      },
      handler({ principal, params }) {
        return json(200, licenceView(administeredLicence(ctx, principal, params.id)));
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/licences/{id}',
      operationId: 'updateLicence',
      summary: 'Update a licence',
      description:
        '`assignedFlavor` is superadmin only (present at all → 403 for an admin). An assigned flavor is imposed on admins: they cannot set the other flavor as active integration. Assigning a flavor moves an active PUBLISHER/LIBRE integration to it.',
      tag: 'licences',
      auth: 'bearer',
      body: updateLicenceRequestSchema,
      responses: {
        200: { description: 'Updated licence', schema: licenceSchema },
        ...errorsOf({ 400: INVALID_INPUT, 403: 'Role or scope refuses it', 404: 'Licence not found' }),
      },
      handler({ principal, params, body }) {
        const licence = administeredLicence(ctx, principal, params.id);
        if (principal.user.role !== 'superadmin') {
          if (body.assignedFlavor !== undefined) throw forbidden('Only a superadmin sets assignedFlavor.');
          const wanted = body.activeIntegration;
          if (licence.assignedFlavor && (wanted === 'PUBLISHER' || wanted === 'LIBRE') && wanted !== licence.assignedFlavor) {
            throw forbidden(`The licence's flavor ${licence.assignedFlavor} is imposed: activeIntegration cannot be ${wanted}.`);
          }
        }
        return json(200, licenceView(ctx.licensing.update(licence, body)));
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/licences/{id}',
      operationId: 'deleteLicence',
      summary: 'Delete a licence',
      description: 'Sandbox decision: superadmin only. Its integration records go with it; accounts lose it as default or granted licence.',
      tag: 'licences',
      auth: 'bearer',
      responses: {
        200: { description: 'Deleted', schema: ackResponseSchema },
        ...errorsOf({ 400: 'id is not a positive integer', 403: SUPERADMIN_ONLY, 404: 'Licence not found' }),
      },
      handler({ principal, params }) {
        requireSuperadmin(principal, 'Deleting licences');
        if (!ctx.licensing.remove(params.id)) throw notFound(`Licence ${params.id} not found.`);
        ctx.accounts.forgetLicence(params.id);
        return json(200, { ok: true, message: `Licence ${params.id} deleted.` });
      },
    }),
  ];
}
