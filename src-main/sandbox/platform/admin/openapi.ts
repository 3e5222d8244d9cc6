import { z } from 'zod';
import * as adminSchemas from '../../../../src-shared/platform/admin';
import * as ticketSchemas from '../../../../src-shared/platform/tickets';
import { EXTERNAL_OPERATIONS, type ExternalOperation } from './openapi-external';
import { pathParamNames, type AdminRoute, type AuthMode } from './route';
import { openApiDocumentSchema, SERVICE_NAME } from './routes/home';

/**
 * `/swagger.json`: an OpenAPI 3.0.3 document generated from the same zod schemas and
 * route table the service runs on. Request bodies are rendered as zod *input* types,
 * responses as *output* types (z.toJSONSchema, target openapi-3.0); every schema used
 * by an operation is a named component, referenced with `$ref`.
 */
type Json = Record<string, unknown>;

const SECURITY: Record<AuthMode | ExternalOperation['security'], Json[]> = {
  none: [],
  bearer: [{ bearerAuth: [] }],
  session: [{ webSession: [] }],
  accountKey: [{ accountKey: [] }],
};

const TAGS = [
  { name: 'service', description: 'Home and this description' },
  { name: 'auth', description: 'Login, profile, licence switch (JWT HS256, Bearer)' },
  { name: 'licences', description: 'Licences (superadmin; admins their own)' },
  { name: 'users', description: 'Accounts, invitations, passwords' },
  { name: 'integrations', description: 'Per-licence integration records' },
  { name: 'web', description: 'Web pages and cookie-session data routes' },
  { name: 'sandbox', description: 'Training sandbox only' },
  { name: 'tickets', description: 'Ticket services /api/kioskTicket/* (Authorization: raw account key)' },
  { name: 'desk-extensions', description: "Desk Console's extensions of the ticket services (not part of the contract)" },
  { name: 'relay', description: 'Contract relay to the licence publisher' },
];

/** `userSchema` → `User`: every exported zod schema of the contracts gets its component name. */
function componentNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const modules: Record<string, unknown>[] = [adminSchemas, ticketSchemas, { openApiDocumentSchema }];
  for (const module of modules) {
    for (const [key, value] of Object.entries(module)) {
      if (!(value instanceof z.ZodType) || !key.endsWith('Schema') || names.has(value)) continue;
      names.set(value, key.charAt(0).toUpperCase() + key.slice(1, -'Schema'.length));
    }
  }
  return names;
}

/** Objects and enums become components (so `User` is one `$ref`); scalars stay inline. */
const extractable = (schema: z.ZodType) => ['object', 'enum'].includes(schema.def.type);

/** OpenAPI 3.0's Schema Object has no `$id`: drop what zod adds for registry output. */
function clean(schemas: Record<string, Json>): Record<string, Json> {
  return Object.fromEntries(Object.entries(schemas).map(([name, { $id: _id, ...schema }]) => [name, schema]));
}

function renderComponents(requests: Set<z.ZodType>, responses: Set<z.ZodType>, names: Map<z.ZodType, string>): Record<string, Json> {
  const uri = (id: string) => `#/components/schemas/${id}`;
  const input = z.registry<{ id: string }>();
  for (const schema of requests) input.add(schema, { id: names.get(schema)! });
  const output = z.registry<{ id: string }>();
  for (const [schema, id] of names) if (!requests.has(schema) && (responses.has(schema) || extractable(schema))) output.add(schema, { id });
  const common = { target: 'openapi-3.0', uri, unrepresentable: 'any' } as const;
  const inputSchemas = clean(z.toJSONSchema(input, { ...common, io: 'input' }).schemas as Record<string, Json>);
  const outputSchemas = clean(z.toJSONSchema(output, { ...common, io: 'output' }).schemas as Record<string, Json>);
  return { ...outputSchemas, ...inputSchemas };
}

const ref = (names: Map<z.ZodType, string>, schema: z.ZodType, where: string) => {
  const name = names.get(schema);
  // Anonymous schemas would be inlined without a name: keep every contract schema exported instead.
  if (!name) throw new Error(`OpenAPI: ${where} uses a schema that src-shared does not export`);
  return { $ref: `#/components/schemas/${name}` };
};

/** What admin routes and external operations both describe; the answers' content is each one's own. */
interface Described<R extends { description: string }> {
  operationId: string;
  summary: string;
  description?: string | undefined;
  tag: string;
  responses: Record<string, R>;
}

function describedOperation<R extends { description: string }>(
  described: Described<R>,
  security: Json[],
  content: (response: R, status: string) => Json,
): Json {
  const responses = Object.fromEntries(
    Object.entries(described.responses).map(([status, response]) => [status, { description: response.description, content: content(response, status) }]),
  );
  const operation: Json = { operationId: described.operationId, summary: described.summary, tags: [described.tag], security, responses };
  if (described.description) operation.description = described.description;
  return operation;
}

function adminOperation(route: AdminRoute, names: Map<z.ZodType, string>): Json {
  const parameters = [
    ...pathParamNames(route.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } })),
    ...route.query.map(({ name, description }) => ({ name, in: 'query', required: false, description, schema: { type: 'string' } })),
  ];
  const operation = describedOperation(route, SECURITY[route.auth], (spec, status) => {
    const content: Json = {};
    if (spec.schema) content['application/json'] = { schema: ref(names, spec.schema, `${route.operationId} ${status}`) };
    if (spec.html) content['text/html'] = { schema: { type: 'string' } };
    return content;
  });
  if (parameters.length > 0) operation.parameters = parameters;
  if (route.body) {
    const schema = ref(names, route.body, `${route.operationId} body`);
    operation.requestBody = {
      required: !route.body.safeParse({}).success,
      content: { 'application/json': { schema }, ...(route.forms ? { 'application/x-www-form-urlencoded': { schema } } : {}) },
    };
  }
  return operation;
}

function externalOperation(operation: ExternalOperation, names: Map<z.ZodType, string>): Json {
  const result = describedOperation(operation, SECURITY[operation.security], (spec, status) => {
    if (spec.raw) return { '*/*': { schema: {} } };
    if (spec.eventStream) return { 'text/event-stream': { schema: { type: 'string' } } };
    return spec.schema ? { 'application/json': { schema: ref(names, spec.schema, `${operation.operationId} ${status}`) } } : {};
  });
  if (operation.parameters) result.parameters = operation.parameters.map((parameter) => ({ ...parameter, schema: { type: 'string' } }));
  if (operation.body) result.requestBody = { required: true, content: { 'application/json': { schema: ref(names, operation.body, operation.operationId) } } };
  if (operation.rawBody) result.requestBody = { required: false, content: { '*/*': { schema: {} } } };
  return result;
}

/** Builds the document once; only `servers` depends on the (late-known) public URL. */
export function openApiDocument(routes: readonly AdminRoute[], publicUrl: () => string): () => Json {
  // Built on the first request, not at start-up: rendering every schema costs the desk's start a few hundred ms.
  let built: Json | null = null;
  return () => {
    built ??= buildDocument(routes);
    return { ...built, servers: [{ url: publicUrl() || '/', description: 'This sandbox platform' }] };
  };
}

function buildDocument(routes: readonly AdminRoute[]): Json {
  const names = componentNames();
  const requests = new Set<z.ZodType>();
  const responses = new Set<z.ZodType>();
  const paths: Record<string, Record<string, Json>> = {};
  const add = (
    operation: { path: string; method: string; body?: z.ZodType | undefined; responses: Record<string, { schema?: z.ZodType | undefined }> },
    rendered: Json,
  ) => {
    if (operation.body) requests.add(operation.body);
    for (const spec of Object.values(operation.responses)) if (spec.schema) responses.add(spec.schema);
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = rendered;
  };
  for (const route of routes) add(route, adminOperation(route, names));
  for (const operation of EXTERNAL_OPERATIONS) add(operation, externalOperation(operation, names));
  const document: Json = {
    openapi: '3.0.3',
    info: {
      title: `${SERVICE_NAME} — administration service, ticket services and relay`,
      version: adminSchemas.ADMIN_API_VERSION,
      description:
        'Training sandbox of the kiosk platform embedded in Desk Console. Administration service per spec/platform-administration-service.md (sandbox decisions: docs/sandbox-platform-admin.md); ticket services and desk extensions per DESIGN.md §2–3; contract relay.',
    },
    tags: TAGS,
    paths,
    components: {
      schemas: renderComponents(requests, responses, names),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'access_token from POST /auth/login or /auth/switchLicence' },
        webSession: { type: 'apiKey', in: 'cookie', name: adminSchemas.WEB_SESSION_COOKIE, description: 'Session cookie set by POST /web-auth/login' },
        accountKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: "The licence's raw account key (no scheme)" },
      },
    },
  };
  return document;
}
