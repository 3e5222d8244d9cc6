import { afterEach, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  appointmentPairSchema,
  documentsListSchema,
  examTypesResponseSchema,
  identifyResponseSchema,
  notificationReadinessSchema,
  officePlacesResponseSchema,
  practitionersResponseSchema,
  staffSignInResponseSchema,
} from '../../../../../src-shared/publisher/schemas';
import {
  AnswerVariations,
  atOffset,
  describeFieldVariations,
  parseFieldVariations,
  type FieldVariationMode,
} from '../../../../../src-main/sandbox/publisher/field-variations';
import { readPublisherFlags, withPublisherFlags } from '../../../../../src-main/sandbox/publisher/flags';
import { OPAQUE_ID_SUFFIX } from '../../../../../src-main/sandbox/publisher/opaque-ids';
import { startSandbox, type RunningSandbox } from '../../../../../src-main/sandbox/start';
import type { PublisherWorld } from '../../../../../src-main/sandbox/world/types';
import { firstWith, NOW, path, publisherPool, type Harness } from './harness';

const pool = publisherPool();
let sandbox: RunningSandbox | null = null;
afterEach(async () => {
  await pool.closeAll();
  await sandbox?.close();
  sandbox = null;
});

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const EXTRA_KEYS = new Set(['publisherExtension', 'internalCode', 'legacyFlags', 'updatedAt']);
const OPAQUE_KEYS = new Set(['vendorData']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * What a tolerant client makes of an answer: null and absent alike, an empty list
 * alike to none, unknown fields ignored, date-times read as instants.
 */
function normalise(value: Json): Json {
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value === 'string' && DATE_TIME.test(value)) return `instant:${Date.parse(value)}`;
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: Json } = {};
  for (const [key, field] of Object.entries(value)) {
    if (EXTRA_KEYS.has(key) || field === null || (Array.isArray(field) && field.length === 0)) continue;
    out[key] = OPAQUE_KEYS.has(key) ? field : normalise(field);
  }
  return out;
}

interface Read {
  method: string;
  route: string;
  body?: unknown;
  /** What the desk reads the answer with. */
  schema: ZodType;
}

/** Every read a desk makes, on the seeded day of `world`. */
function reads(world: PublisherWorld): Read[] {
  const checkedIn = firstWith(world, 'checkedIn');
  const scheduled = firstWith(world, 'scheduled');
  const patient = world.patients.find((candidate) => candidate.id === scheduled.patientId)!;
  const staff = world.staff[0]!;
  return [
    { method: 'POST', route: '/patients/identify', body: { criteria: { lastName: patient.lastName, firstName: patient.firstName, birthDate: patient.birthDate } }, schema: identifyResponseSchema },
    { method: 'GET', route: `/appointments/${path(scheduled.id)}`, schema: appointmentPairSchema },
    { method: 'GET', route: `/appointments/${path(checkedIn.id)}`, schema: appointmentPairSchema },
    { method: 'GET', route: `/appointments/by-code/${path(scheduled.convocationCode)}`, schema: appointmentPairSchema },
    { method: 'GET', route: `/appointments/${path(scheduled.id)}/documents`, schema: documentsListSchema },
    { method: 'GET', route: `/appointments/${path(scheduled.id)}/notification-readiness`, schema: notificationReadinessSchema },
    { method: 'GET', route: '/config/exam-types', schema: examTypesResponseSchema },
    { method: 'GET', route: '/config/practitioners', schema: practitionersResponseSchema },
    { method: 'GET', route: '/config/office-places', schema: officePlacesResponseSchema },
    { method: 'POST', route: '/staff/sign-in', body: { login: staff.login, password: staff.password }, schema: staffSignInResponseSchema },
  ];
}

async function readAll(publisher: Harness): Promise<Json[]> {
  const answers: Json[] = [];
  for (const { method, route, body } of reads(publisher.world)) {
    const reply = await publisher.call(method, route, { body });
    expect(reply.status, `${method} ${route}`).toBe(200);
    answers.push(reply.json as Json);
  }
  return answers;
}

/** Finds every object under `value` (lists and nesting included) that has `key`. */
function objectsWith(value: Json, key: string): { [key: string]: Json }[] {
  if (Array.isArray(value)) return value.flatMap((item) => objectsWith(item, key));
  if (value === null || typeof value !== 'object') return [];
  const here = key in value ? [value] : [];
  return [...here, ...Object.entries(value).flatMap(([field, child]) => (OPAQUE_KEYS.has(field) ? [] : objectsWith(child, key)))];
}

describe('field variations of the training publisher', () => {
  it('off by default: answers are the plain forms', async () => {
    const plain = await pool.start();
    const scheduled = firstWith(plain.world, 'scheduled');
    const pair = (await plain.call('GET', `/appointments/${path(scheduled.id)}`)).json as { appointment: Record<string, unknown> };
    expect(pair.appointment.startDate).toBe(scheduled.startDate);
    expect(pair.appointment).not.toHaveProperty('publisherExtension');
  });

  it('all: absent optional fields come back null, null ones are left out, with the same meaning', async () => {
    const plain = await pool.start();
    const varied = await pool.start({ fieldVariations: { mode: 'all' } });
    const scheduled = firstWith(plain.world, 'scheduled');
    const before = (await plain.call('GET', `/appointments/${path(scheduled.id)}`)).json as { patient: Record<string, Json>; appointment: Record<string, Json> };
    const after = (await varied.call('GET', `/appointments/${path(scheduled.id)}`)).json as { patient: Record<string, Json>; appointment: Record<string, Json> };

    // A scheduled appointment has no ticket: null in the plain form, absent here.
    expect(before.appointment.ticketNumber).toBeNull();
    expect(after.appointment).not.toHaveProperty('ticketNumber');
    expect(after.appointment).not.toHaveProperty('prescriber');
    // Every optional patient field the plain form leaves out is an explicit null.
    const absent = ['birthName', 'sex', 'email', 'mobilePhone', 'phone', 'address', 'socialSecurityId', 'heightCm', 'weightKg', 'referringPractitioner'].filter(
      (field) => !(field in before.patient),
    );
    expect(absent.length).toBeGreaterThan(0);
    for (const field of absent) expect(after.patient[field], field).toBeNull();
    // Required fields stay as they were.
    expect(after.appointment.id).toBe(before.appointment.id);
    expect(after.appointment.status).toBe(before.appointment.status);
    expect(after.patient.birthDate).toBe(before.patient.birthDate);
    // vendorData is opaque: echoed unchanged, so never rewritten.
    expect(after.appointment.vendorData).toEqual(before.appointment.vendorData);
    expect(normalise(after)).toEqual(normalise(before));
  });

  it('all: date-times carry milliseconds and another offset than the office, for the same instant', async () => {
    const plain = await pool.start();
    const varied = await pool.start({ fieldVariations: { mode: 'all' } });
    const scheduled = firstWith(plain.world, 'scheduled');
    const { appointment } = (await varied.call('GET', `/appointments/${path(scheduled.id)}`)).json as { appointment: { startDate: string; endDate: string } };
    const office = /([+-]\d{2}:\d{2})$/.exec(scheduled.startDate)![1]!;
    expect(appointment.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000(Z|[+-]\d{2}:\d{2})$/);
    expect(appointment.startDate.endsWith(office)).toBe(false);
    expect(Date.parse(appointment.startDate)).toBe(Date.parse(scheduled.startDate));
    expect(Date.parse(appointment.endDate)).toBe(Date.parse(scheduled.endDate!));
  });

  it('all: every object carries unknown fields, except the opaque vendorData', async () => {
    const varied = await pool.start({ fieldVariations: { mode: 'all' } });
    const scheduled = firstWith(varied.world, 'scheduled');
    const pair = (await varied.call('GET', `/appointments/${path(scheduled.id)}`)).json as Record<string, Record<string, unknown>>;
    for (const object of [pair, pair.patient!, pair.appointment!]) {
      expect(object).toHaveProperty('publisherExtension', { source: 'training-sandbox', revision: 1 });
      expect(object).toHaveProperty('internalCode');
    }
    expect(Object.keys(pair.appointment!.vendorData as object)).toEqual(['rev']);
    const types = (await varied.call('GET', '/config/exam-types')).json as { examTypes: Record<string, unknown>[] };
    expect(types.examTypes[0]).toHaveProperty('legacyFlags', []);
  });

  it('all: empty optional lists come back null', async () => {
    const varied = await pool.start({ fieldVariations: { mode: 'all' } });
    const alone = varied.world.appointments.find(
      (appointment) => varied.world.appointments.filter((other) => other.patientId === appointment.patientId && other.status !== 'cancelled').length === 1,
    )!;
    const pair = (await varied.call('GET', `/appointments/${path(alone.id)}`)).json as Record<string, unknown>;
    expect(pair.otherAppointments).toBeNull();
  });

  it('every read keeps its meaning in all and random modes', async () => {
    const plain = await readAll(await pool.start());
    for (const mode of [{ mode: 'all' }, { mode: 'random', seed: 7 }] satisfies FieldVariationMode[]) {
      const varied = await readAll(await pool.start({ fieldVariations: mode }));
      expect(varied).not.toEqual(plain);
      expect(varied.map(normalise), describeFieldVariations(mode)).toEqual(plain.map(normalise));
    }
  });

  it("the desk's contract schemas read varied answers as they read the plain ones", async () => {
    const publisher = await pool.start();
    const plain = await readAll(publisher);
    const varied = await readAll(await pool.start({ fieldVariations: { mode: 'all' } }));
    reads(publisher.world).forEach(({ method, route, schema }, index) => {
      const read = (answer: Json) => normalise(schema.parse(answer) as Json);
      expect(read(varied[index]!), `${method} ${route}`).toEqual(read(plain[index]!));
    });
  });

  it('random: the same seed gives the same answers, another seed other ones, and forms vary between answers', async () => {
    const first = await readAll(await pool.start({ fieldVariations: { mode: 'random', seed: 42 } }));
    const again = await readAll(await pool.start({ fieldVariations: { mode: 'random', seed: 42 } }));
    const other = await readAll(await pool.start({ fieldVariations: { mode: 'random', seed: 43 } }));
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    // Per answer, some places vary and others keep the plain form.
    const dates = ['startDate', 'endDate', 'convocationDate'].flatMap((field) => objectsWith(first, field).map((object) => object[field] as string));
    expect(dates.length).toBeGreaterThan(10);
    expect(dates.some((value) => value.includes('.'))).toBe(true);
    expect(dates.some((value) => !value.includes('.'))).toBe(true);
  });

  it('encrypted answers are varied inside the envelope too', () => {
    // The hook runs before sealing; the rewriting itself is a pure function of the body.
    const answers = new AnswerVariations({ mode: 'all' });
    const body = { ticketNumber: 12, ticketNumberFormatted: 'I012', vendorData: { rev: 2 } };
    expect(answers.vary('POST', '/appointments/:appointmentId/check-in', body)).toMatchObject({ ...body, publisherExtension: expect.any(Object) });
    expect(answers.vary('POST', '/appointments/:appointmentId/check-in', {})).toMatchObject({ ticketNumber: null, ticketNumberFormatted: null, vendorData: null });
    expect(new AnswerVariations({ mode: 'off' }).vary('POST', '/appointments/:appointmentId/check-in', {})).toEqual({});
  });

  it('atOffset writes the same instant, keeping a written fraction', () => {
    expect(atOffset('2026-11-23T10:30:00+01:00', '+05:30', '.000')).toBe('2026-11-23T15:00:00.000+05:30');
    expect(atOffset('2026-11-23T00:15:00+01:00', '-04:00', '')).toBe('2026-11-22T19:15:00-04:00');
    expect(atOffset('2026-11-23T10:30:00.250+01:00', 'Z', '.000')).toBe('2026-11-23T09:30:00.250Z');
  });
});

describe('opaque ids in field-variation mode', () => {
  it('ids carry ~ and other URL path characters, and each id received is accepted back', async () => {
    // Through the CLIs' flags, as `npm run sandbox` and the preview host pass them.
    sandbox = await startSandbox({ clock: () => NOW, now: NOW, publisherFlags: ['--kiosk-every', '0', '--field-variations', 'all'] });
    expect(sandbox.behaviour.fieldVariations).toEqual({ mode: 'all' });
    const world = sandbox.world.publisher;
    expect(world.appointments.every((appointment) => appointment.id.endsWith(OPAQUE_ID_SUFFIX) && appointment.patientId.endsWith(OPAQUE_ID_SUFFIX))).toBe(true);
    // The platform's tickets point at the same ids as the publisher's appointments.
    const linked = sandbox.world.platform.tickets.filter((ticket) => ticket.contractAppointmentId !== null);
    expect(linked.length).toBeGreaterThan(0);
    for (const ticket of linked) expect(world.appointments.some((appointment) => appointment.id === ticket.contractAppointmentId)).toBe(true);

    const headers = { 'Content-Type': 'application/json', 'X-Kiosk-Auth-Key': sandbox.accountKey, 'X-Kiosk-Device-Id': world.devices[0]! };
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(`${sandbox!.contractBaseUrl}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, json: (await response.json().catch(() => undefined)) as Record<string, unknown> };
    };
    const scheduled = world.appointments.find((appointment) => appointment.status === 'scheduled')!;
    const patient = world.patients.find((candidate) => candidate.id === scheduled.patientId)!;
    const identified = await call('POST', '/patients/identify', { criteria: { lastName: patient.lastName, firstName: patient.firstName, birthDate: patient.birthDate } });
    const entry = (identified.json.patients as { patient: { id: string }; appointments: { id: string }[] }[]).find((candidate) => candidate.patient.id === patient.id)!;
    const received = entry.appointments.find((appointment) => appointment.id === scheduled.id)!.id;
    expect(received).toContain('~');

    const byId = await call('GET', `/appointments/${encodeURIComponent(received)}`);
    expect(byId.status).toBe(200);
    expect((byId.json.appointment as { id: string }).id).toBe(received);
    expect((await call('GET', `/appointments/${encodeURIComponent(received)}/documents`)).status).toBe(200);
    const checkIn = await call('POST', `/appointments/${encodeURIComponent(received)}/check-in`, {
      identifiedWithHealthCard: false,
      anomalyCodes: [],
      sequence: { number: 1, count: 1 },
    });
    expect(checkIn.status).toBe(200);
    expect(scheduled.status).toBe('checkedIn');
    const moved = await call('PUT', `/appointments/${encodeURIComponent(received)}/status`, { status: 'inCare' });
    expect(moved.json).toMatchObject({ status: 'inCare' });
    expect(scheduled.status).toBe('inCare');
    // A PATCH to the patient id received works too.
    const patched = await fetch(`${sandbox.contractBaseUrl}/patients/${encodeURIComponent(entry.patient.id)}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ patient: { phone: '0400000000' } }),
    });
    expect(patched.status).toBe(204);
    expect(patient.phone).toBe('0400000000');
  });
});

describe('publisher flags (npm run sandbox and the preview host)', () => {
  it('reads --field-variations and --echo-status, and refuses a malformed mode', () => {
    expect(readPublisherFlags([])).toEqual({ behaviour: {} });
    expect(readPublisherFlags(['--field-variations', 'all'])).toEqual({ behaviour: { fieldVariations: { mode: 'all' } } });
    expect(readPublisherFlags(['--kiosk-every', '0', '--field-variations', 'random:12', '--echo-status'])).toEqual({
      behaviour: { fieldVariations: { mode: 'random', seed: 12 }, quirks: { echoStatus: true } },
    });
    for (const bad of [[], ['random'], ['random:x'], ['some']]) expect(readPublisherFlags(['--field-variations', ...bad])).toHaveProperty('error');
  });

  it('flags go over the given behaviour; a malformed one stops the start', async () => {
    expect(withPublisherFlags({ quirks: { rejectClosed: true }, minimal: { documents: true } }, ['--echo-status'])).toEqual({
      quirks: { rejectClosed: true, echoStatus: true },
      minimal: { documents: true },
    });
    await expect(startSandbox({ publisherFlags: ['--field-variations', 'sometimes'] })).rejects.toThrow('--field-variations takes off, all or random:<seed>');
  });

  it('parses and describes each mode the same way', () => {
    for (const text of ['off', 'all', 'random:0', 'random:4294967295']) expect(describeFieldVariations(parseFieldVariations(text)!)).toBe(text);
    expect(parseFieldVariations('random:4294967296')).toBeNull();
  });

  it('--echo-status answers a refused move with the requested status, which the publisher does not adopt', async () => {
    const flags = readPublisherFlags(['--echo-status']);
    if ('error' in flags) throw new Error(flags.error);
    const publisher = await pool.start(flags.behaviour);
    const inCare = firstWith(publisher.world, 'inCare');
    const reply = await publisher.call('PUT', `/appointments/${path(inCare.id)}/status`, { body: { status: 'checkedIn' }, device: null });
    expect(reply.json).toEqual({ status: 'checkedIn' });
    expect(inCare.status).toBe('inCare');
  });
});
