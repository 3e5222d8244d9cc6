import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxPlatform } from '../../../../../src-main/sandbox/platform/server';
import { noFaults } from '../../../../../src-main/sandbox/faults';
import { seedWorld } from '../../../../../src-main/sandbox/world/seed';
import { adminErrorBodySchema, homeResponseSchema } from '../../../../../src-shared/platform/admin';
import { DESK_DISPLAY_PATHS, TICKET_SERVICE_PATHS } from '../../../../../src-shared/platform/tickets';
import { expectError, FIXED_NOW, itLeaksNoSecrets, startAdmin, type AdminHarness } from './harness';

let h: AdminHarness;
let doc: Record<string, unknown>;
beforeAll(async () => {
  h = await startAdmin();
  const reply = await h.call('GET', '/swagger.json');
  expect(reply.status).toBe(200);
  doc = reply.body as Record<string, unknown>;
});
afterAll(async () => {
  await h.close();
});

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows a local `#/a/b` pointer. */
function resolve(pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const part of pointer.slice(2).split('/').map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (!isObject(node) || !(part in node)) return undefined;
    node = node[part];
  }
  return node;
}

/** Every node of the document with its JSON path. */
function* walk(node: unknown, path = '#'): Generator<[string, unknown]> {
  yield [path, node];
  if (Array.isArray(node)) for (const [index, item] of node.entries()) yield* walk(item, `${path}/${index}`);
  else if (isObject(node)) for (const [key, value] of Object.entries(node)) yield* walk(value, `${path}/${key}`);
}

/** Every Schema Object: components and the `schema` of parameters, bodies and responses, with their subschemas. */
function* schemas(): Generator<[string, Json]> {
  function* sub(schema: unknown, path: string): Generator<[string, Json]> {
    if (!isObject(schema)) return;
    yield [path, schema];
    for (const key of ['items', 'additionalProperties', 'not']) yield* sub(schema[key], `${path}/${key}`);
    for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(schema[key])) for (const [i, s] of (schema[key] as unknown[]).entries()) yield* sub(s, `${path}/${key}/${i}`);
    if (isObject(schema.properties)) for (const [name, s] of Object.entries(schema.properties)) yield* sub(s, `${path}/properties/${name}`);
  }
  for (const [name, schema] of Object.entries((doc.components as Json).schemas as Json)) yield* sub(schema, `#/components/schemas/${name}`);
  for (const [path, node] of walk(doc.paths, '#/paths')) if (isObject(node) && isObject(node.schema)) yield* sub(node.schema, `${path}/schema`);
}

const operations = () =>
  Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation: operation as Json })),
  );

describe('home route', () => {
  it('GET / returns the service name and version 1.0', async () => {
    const home = homeResponseSchema.parse((await h.call('GET', '/')).body);
    expect(home.version).toBe('1.0');
    expect(home.name.length).toBeGreaterThan(0);
  });

  it('unknown routes get a JSON 404 with the service\'s error body', async () => {
    expectError(await h.call('GET', '/no/such/route'), 404);
    expectError(await h.call('PATCH', '/users/1'), 404);
  });
});

describe('GET /swagger.json is a structurally valid OpenAPI 3.0 document', () => {
  it('declares openapi 3.0.x, info, servers with this platform\'s URL', () => {
    expect(doc.openapi).toMatch(/^3\.0\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: '1.0' });
    expect(doc.servers).toEqual([expect.objectContaining({ url: h.url() })]);
  });

  it('every path starts with / and has at least one operation, each with responses that have descriptions', () => {
    expect(operations().length).toBeGreaterThan(40);
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      expect(path.startsWith('/'), path).toBe(true);
      const methods = Object.keys(item as Json).filter((key) => METHODS.includes(key));
      expect(methods.length, path).toBeGreaterThan(0);
      expect(Object.keys(item as Json).every((key) => METHODS.includes(key) || ['parameters', 'summary', 'description', 'servers'].includes(key)), path).toBe(true);
    }
    for (const { path, method, operation } of operations()) {
      const responses = operation.responses as Json;
      expect(isObject(responses) && Object.keys(responses).length > 0, `${method} ${path}`).toBe(true);
      for (const [status, response] of Object.entries(responses)) {
        expect(status, `${method} ${path}`).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
        expect(typeof (response as Json).description, `${method} ${path} ${status}`).toBe('string');
      }
    }
  });

  it('operationIds are unique and every tag used is declared', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const declared = new Set((doc.tags as Json[]).map((tag) => tag.name));
    for (const { operation } of operations()) for (const tag of operation.tags as string[]) expect(declared.has(tag), tag).toBe(true);
  });

  it('every path template parameter is declared as a required path parameter, and only those', () => {
    for (const { path, method, operation } of operations()) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = ((operation.parameters ?? []) as Json[]).filter((parameter) => parameter.in === 'path');
      expect(declared.map((parameter) => parameter.name).sort(), `${method} ${path}`).toEqual([...inPath].sort());
      expect(declared.every((parameter) => parameter.required === true && isObject(parameter.schema))).toBe(true);
    }
  });

  it('every $ref is local and resolves', () => {
    let refs = 0;
    for (const [path, node] of walk(doc)) {
      if (!isObject(node) || typeof node.$ref !== 'string') continue;
      refs += 1;
      expect(node.$ref, path).toMatch(/^#\/components\//);
      expect(resolve(node.$ref), `${path} → ${node.$ref}`).toBeDefined();
    }
    expect(refs).toBeGreaterThan(50);
  });

  it('every security requirement names a declared scheme; bearer is an http bearer JWT scheme', () => {
    const schemes = (doc.components as Json).securitySchemes as Json;
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    for (const { operation } of operations()) {
      for (const requirement of (operation.security ?? []) as Json[]) for (const name of Object.keys(requirement)) expect(schemes[name], name).toBeDefined();
    }
    const login = (doc.paths as Json)['/auth/login'] as Json;
    expect((login.post as Json).security).toEqual([]);
    expect((((doc.paths as Json)['/users'] as Json).get as Json).security).toEqual([{ bearerAuth: [] }]);
  });

  it('schemas use only OpenAPI 3.0 keywords (no $id, $schema, $defs, const, type arrays, numeric exclusive bounds)', () => {
    let count = 0;
    for (const [path, schema] of schemas()) {
      count += 1;
      for (const keyword of ['$id', '$schema', '$defs', 'const', 'prefixItems', 'if', 'unevaluatedProperties', 'dependentRequired']) {
        expect(keyword in schema, `${path} has ${keyword}`).toBe(false);
      }
      if ('type' in schema) expect(['string', 'number', 'integer', 'boolean', 'array', 'object'], path).toContain(schema.type);
      for (const bound of ['exclusiveMinimum', 'exclusiveMaximum']) if (bound in schema) expect(typeof schema[bound], path).toBe('boolean');
      if (schema.type === 'array') expect(isObject(schema.items), path).toBe(true);
      if (Array.isArray(schema.required)) for (const name of schema.required as string[]) expect(isObject(schema.properties) && name in schema.properties, `${path} requires ${name}`).toBe(true);
    }
    expect(count).toBeGreaterThan(100);
  });

  it('request bodies and responses carry media types with schemas', () => {
    for (const { path, method, operation } of operations()) {
      const body = operation.requestBody as Json | undefined;
      if (body) expect(Object.keys(body.content as Json).length, `${method} ${path}`).toBeGreaterThan(0);
      for (const response of Object.values(operation.responses as Json)) {
        for (const media of Object.values(((response as Json).content ?? {}) as Json)) expect(isObject((media as Json).schema)).toBe(true);
      }
    }
  });
});

describe('GET /swagger.json describes everything the sandbox platform serves', () => {
  it('every admin route served by Fastify is in the document with its method', () => {
    const paths = doc.paths as Json;
    const served = h.served.filter((route) => route.method !== 'HEAD');
    expect(served.length).toBeGreaterThan(30);
    for (const route of served) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(isObject(paths[path]) && (paths[path] as Json)[route.method.toLowerCase()], `${route.method} ${path}`).toBeTruthy();
    }
  });

  it('request and response bodies come from the zod contract ($ref to named components)', () => {
    const paths = doc.paths as Json;
    const createUser = (paths['/users'] as Json).post as Json;
    expect(createUser.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateUserRequest' } } } });
    expect(createUser.responses).toMatchObject({ 201: { content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } }, 409: {} });
    const user = resolve('#/components/schemas/User') as Json;
    expect(Object.keys(user.properties as Json)).not.toContain('password');
    const request = resolve('#/components/schemas/CreateUserRequest') as Json;
    expect(request.required).toEqual(['email', 'password', 'role']);
    expect((request.properties as Json).email).toMatchObject({ type: 'string', format: 'email', maxLength: 256 });
    const publisher = ((paths['/licences/{licenceId}/integration/publisher'] as Json).post as Json).requestBody as Json;
    expect(publisher.required).toBe(false);
  });

  it('describes the ticket services, the desk extensions (events as text/event-stream) and the contract relay', () => {
    const paths = doc.paths as Json;
    for (const path of [...Object.values(TICKET_SERVICE_PATHS), ...Object.values(DESK_DISPLAY_PATHS)]) expect(paths[path], path).toBeDefined();
    const listForDay = (paths[TICKET_SERVICE_PATHS.listForDay] as Json).post as Json;
    expect(listForDay.security).toEqual([{ accountKey: [] }]);
    expect(listForDay.responses).toMatchObject({
      200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ListForDayWithCursorResponse' } } } },
    });
    const issue = (paths[TICKET_SERVICE_PATHS.issueForAppointment] as Json).post as Json;
    expect(JSON.stringify(issue.requestBody)).toContain('DeskIssueForAppointmentRequest');
    expect(JSON.stringify(resolve('#/components/schemas/DeskIssueForAppointmentRequest'))).toContain('source');
    expect((paths[DESK_DISPLAY_PATHS.lastCalls] as Json).get).toBeDefined();
    const events = (paths[TICKET_SERVICE_PATHS.events] as Json).get as Json;
    expect((events.responses as Json)[200]).toMatchObject({ content: { 'text/event-stream': {} } });
    const relay = paths['/api/contractRelay/{path}'] as Json;
    expect(Object.keys(relay).sort()).toEqual(['delete', 'get', 'patch', 'post', 'put']);
    expect(resolve('#/components/schemas/DeskTicket')).toBeDefined();
  });
});

describe('inside the sandbox platform', () => {
  it('coexists with the ticket services and the relay (same app, JSON 404 for unknown routes)', async () => {
    const world = seedWorld({ now: FIXED_NOW });
    const platform = await buildSandboxPlatform({ world: world.platform, faults: noFaults(), now: () => FIXED_NOW, publicUrl: () => 'http://127.0.0.1:1' });
    try {
      expect((await platform.app.inject({ method: 'GET', url: '/' })).json()).toMatchObject({ version: '1.0' });
      const login = await platform.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'admin@formation.example', password: 'formation' } });
      expect(login.statusCode).toBe(200);
      const missing = await platform.app.inject({ method: 'GET', url: '/definitely-not-a-route' });
      expect(missing.statusCode).toBe(404);
      expect(adminErrorBodySchema.parse(missing.json()).statusCode).toBe(404);
    } finally {
      await platform.app.close();
    }
  });
});

itLeaksNoSecrets(() => h);
