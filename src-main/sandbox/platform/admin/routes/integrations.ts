import type { z } from 'zod';
import {
  ackResponseSchema,
  licenceIntegrationsSchema,
  publisherIntegrationRequestSchema,
  publisherIntegrationSchema,
  testServerIntegrationRequestSchema,
  testServerIntegrationSchema,
} from '../../../../../src-shared/platform/admin';
import { staticReferentialSchema, staticReferentialSummarySchema } from '../../../../../src-shared/admin/referential';
import type { SandboxLicence } from '../../../world/types';
import type { AdminContext } from '../context';
import { defineRoute, json, type AdminRoute } from '../route';
import { errorsOf, INVALID_INPUT } from './common';
import { administeredLicence } from './licences';

const SCOPE = 'The user role, or an admin on another licence';

/**
 * The two integration records a licence may have share their routes: create or
 * update (`POST`) and delete (`DELETE`) at `/licences/{licenceId}/integration/{segment}`.
 */
interface IntegrationKind<B extends z.ZodType> {
  segment: string;
  /** Names it in the operation ids: `upsert${operation}Integration`. */
  operation: string;
  /** Names it in summaries and messages. */
  name: string;
  /** The activeIntegration values that deleting it turns into NONE. */
  active: string;
  upsert: {
    summary: string;
    description: string;
    body: B;
    schema: z.ZodType;
    /** The other kind, whose record on the licence refuses this one (409). */
    other: string;
    save(ctx: AdminContext, licence: SandboxLicence, body: z.output<B>): unknown;
  };
  remove(ctx: AdminContext, licence: SandboxLicence): void;
}

const PUBLISHER: IntegrationKind<typeof publisherIntegrationRequestSchema> = {
  segment: 'publisher',
  operation: 'Publisher',
  name: 'publisher',
  active: 'PUBLISHER/LIBRE',
  upsert: {
    summary: 'Create or update the publisher (contract editor) integration',
    description:
      'Only the fields given change; `\'\'` or null clears a URL; `supportedRoutes` is accepted and ignored. The licence\'s activeIntegration becomes PUBLISHER (LIBRE stays LIBRE: the route serves any contract editor).',
    body: publisherIntegrationRequestSchema,
    schema: publisherIntegrationSchema,
    other: 'test-server',
    save: (ctx, licence, body) => ctx.licensing.upsertPublisher(licence, body),
  },
  remove: (ctx, licence) => ctx.licensing.removePublisher(licence),
};

const TEST_SERVER: IntegrationKind<typeof testServerIntegrationRequestSchema> = {
  segment: 'test-serveur',
  operation: 'TestServer',
  name: 'test-server',
  active: 'TEST_SERVEUR',
  upsert: {
    summary: 'Create or update the test-server integration',
    description: 'The licence\'s activeIntegration becomes TEST_SERVEUR.',
    body: testServerIntegrationRequestSchema,
    schema: testServerIntegrationSchema,
    other: 'publisher',
    save: (ctx, licence, body) => ctx.licensing.upsertTestServer(licence, body.serverUrl),
  },
  remove: (ctx, licence) => ctx.licensing.removeTestServer(licence),
};

function integrationKindRoutes<B extends z.ZodType>(ctx: AdminContext, kind: IntegrationKind<B>): AdminRoute[] {
  const path = `/licences/{licenceId}/integration/${kind.segment}` as const;
  const title = kind.name.charAt(0).toUpperCase() + kind.name.slice(1);
  return [
    defineRoute({
      method: 'POST',
      path,
      operationId: `upsert${kind.operation}Integration`,
      summary: kind.upsert.summary,
      description: kind.upsert.description,
      tag: 'integrations',
      auth: 'bearer',
      body: kind.upsert.body,
      responses: {
        201: { description: 'Created or updated', schema: kind.upsert.schema },
        ...errorsOf({ 400: INVALID_INPUT, 403: SCOPE, 404: 'Licence not found', 409: `The licence has a ${kind.upsert.other} integration` }),
      },
      handler({ principal, params, body }) {
        const licence = administeredLicence(ctx, principal, params.licenceId);
        // TypeScript cannot resolve the body's conditional type for a generic B; it is B's parsed output.
        return json(201, kind.upsert.save(ctx, licence, body as z.output<B>));
      },
    }),
    defineRoute({
      method: 'DELETE',
      path,
      operationId: `delete${kind.operation}Integration`,
      summary: `Delete the ${kind.name} integration`,
      description: `An active ${kind.active} integration becomes NONE.`,
      tag: 'integrations',
      auth: 'bearer',
      responses: {
        200: { description: 'Deleted', schema: ackResponseSchema },
        ...errorsOf({ 400: 'licenceId is not a positive integer', 403: SCOPE, 404: 'Licence or integration not found' }),
      },
      handler({ principal, params }) {
        const licence = administeredLicence(ctx, principal, params.licenceId);
        kind.remove(ctx, licence);
        return json(200, { ok: true, message: `${title} integration of licence ${licence.id} deleted.` });
      },
    }),
  ];
}

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
    ...integrationKindRoutes(ctx, PUBLISHER),
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
    ...integrationKindRoutes(ctx, TEST_SERVER),
  ];
}
