import {
  ackResponseSchema,
  licenceIntegrationsSchema,
  publisherIntegrationRequestSchema,
  publisherIntegrationSchema,
  testServerIntegrationRequestSchema,
  testServerIntegrationSchema,
} from '../../../../../src-shared/platform/admin';
import { staticReferentialSchema, staticReferentialSummarySchema } from '../../../../../src-shared/admin/referential';
import type { AdminContext } from '../context';
import { defineRoute, json, type AdminRoute } from '../route';
import { errorsOf, INVALID_INPUT } from './common';
import { administeredLicence } from './licences';

const SCOPE = 'The user role, or an admin on another licence';

/** `/licences/{licenceId}/integration/*` and the sandbox's read route. */
export function integrationRoutes(ctx: AdminContext): AdminRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/licences/{id}/integrations',
      operationId: 'getLicenceIntegrations',
      summary: 'Read both integration records of a licence (sandbox addition)',
      tag: 'integrations',
      auth: 'bearer',
      responses: {
        200: { description: 'Integration records (null when absent)', schema: licenceIntegrationsSchema },
        ...errorsOf({ 400: 'id is not a positive integer', 403: SCOPE, 404: 'Licence not found' }),
      },
      handler({ principal, params }) {
        const licence = administeredLicence(ctx, principal, params.id);
        return json(200, {
          licenceId: licence.id,
          activeIntegration: licence.activeIntegration,
          publisher: ctx.licensing.publisher(licence.id),
          testServer: ctx.licensing.testServer(licence.id),
          staticReferential: ctx.licensing.staticReferential(licence.id),
        });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/licences/{licenceId}/integration/publisher',
      operationId: 'upsertPublisherIntegration',
      summary: 'Create or update the publisher (contract editor) integration',
      description:
        'Only the fields given change; `\'\'` or null clears a URL; `supportedRoutes` is accepted and ignored. The licence\'s activeIntegration becomes PUBLISHER (LIBRE stays LIBRE: the route serves any contract editor).',
      tag: 'integrations',
      auth: 'bearer',
      body: publisherIntegrationRequestSchema,
      responses: {
        201: { description: 'Created or updated', schema: publisherIntegrationSchema },
        ...errorsOf({ 400: INVALID_INPUT, 403: SCOPE, 404: 'Licence not found', 409: 'The licence has a test-server integration' }),
      },
      handler({ principal, params, body }) {
        const licence = administeredLicence(ctx, principal, params.licenceId);
        return json(201, ctx.licensing.upsertPublisher(licence, body));
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/licences/{licenceId}/integration/publisher',
      operationId: 'deletePublisherIntegration',
      summary: 'Delete the publisher integration',
      description: 'An active PUBLISHER/LIBRE integration becomes NONE.',
      tag: 'integrations',
      auth: 'bearer',
      responses: {
        200: { description: 'Deleted', schema: ackResponseSchema },
        ...errorsOf({ 400: 'licenceId is not a positive integer', 403: SCOPE, 404: 'Licence or integration not found' }),
      },
      handler({ principal, params }) {
        const licence = administeredLicence(ctx, principal, params.licenceId);
        ctx.licensing.removePublisher(licence);
        return json(200, { ok: true, message: `Publisher integration of licence ${licence.id} deleted.` });
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/licences/{licenceId}/integration/publisher/static-referential',
      operationId: 'saveStaticReferential',
      summary: 'Upload the static referential JSON of the publisher integration (sandbox addition)',
      description:
        'Replaces the six configuration routes (kiosk-integration-contract, "Static referential JSON"): every section optional, ids string or number normalised to strings; an invalid JSON is refused with 400 and `issues`.',
      tag: 'integrations',
      auth: 'bearer',
      body: staticReferentialSchema,
      responses: {
        200: { description: 'Saved; sizes per section', schema: staticReferentialSummarySchema },
        ...errorsOf({ 400: INVALID_INPUT, 403: SCOPE, 404: 'Licence or publisher integration not found' }),
      },
      handler({ principal, params, body }) {
        const licence = administeredLicence(ctx, principal, params.licenceId);
        return json(200, ctx.licensing.saveStaticReferential(licence, body, ctx.now()));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/licences/{licenceId}/integration/test-serveur',
      operationId: 'upsertTestServerIntegration',
      summary: 'Create or update the test-server integration',
      description: 'The licence\'s activeIntegration becomes TEST_SERVEUR.',
      tag: 'integrations',
      auth: 'bearer',
      body: testServerIntegrationRequestSchema,
      responses: {
        201: { description: 'Created or updated', schema: testServerIntegrationSchema },
        ...errorsOf({ 400: INVALID_INPUT, 403: SCOPE, 404: 'Licence not found', 409: 'The licence has a publisher integration' }),
      },
      handler({ principal, params, body }) {
        const licence = administeredLicence(ctx, principal, params.licenceId);
        return json(201, ctx.licensing.upsertTestServer(licence, body.serverUrl));
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/licences/{licenceId}/integration/test-serveur',
      operationId: 'deleteTestServerIntegration',
      summary: 'Delete the test-server integration',
      description: 'An active TEST_SERVEUR integration becomes NONE.',
      tag: 'integrations',
      auth: 'bearer',
      responses: {
        200: { description: 'Deleted', schema: ackResponseSchema },
        ...errorsOf({ 400: 'licenceId is not a positive integer', 403: SCOPE, 404: 'Licence or integration not found' }),
      },
      handler({ principal, params }) {
        const licence = administeredLicence(ctx, principal, params.licenceId);
        ctx.licensing.removeTestServer(licence);
        return json(200, { ok: true, message: `Test-server integration of licence ${licence.id} deleted.` });
      },
    }),
  ];
}
