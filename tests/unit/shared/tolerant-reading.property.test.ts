import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { DeskError } from '../../../src-shared/errors';
import type * as Transport from '../../../src-main/net/transport';
import { PlatformBoardClient } from '../../../src-main/platform/tickets/board';
import { PlatformHttp } from '../../../src-main/platform/tickets/http';
import { printTicket } from '../../../src-main/platform/tickets/print';
import { ReceptionClient } from '../../../src-main/platform/tickets/reception';
import { PublisherClient } from '../../../src-main/publisher/client';
import { baseProfile } from '../main/publisher/support';
import { PLATFORM_ANSWERS, PUBLISHER_ANSWERS, VALUE_MARK, type Spec } from './contract-tables';

/**
 * Tolerant reading, proven on the clients' real reading path (JSON core, schemas, error
 * mapping) with only the wire replaced: every legal form of an answer the spec tables
 * allow reads as the same normalised value; a missing required field or a wrong type is
 * CONTRACT_VIOLATION naming the field and never a value.
 */

const wire = vi.hoisted(() => ({ body: '' }));
vi.mock('../../../src-main/net/transport', async (importOriginal) => {
  const original = await importOriginal<typeof Transport>();
  return { ...original, send: () => Promise.resolve({ status: 200, text: wire.body, header: () => null }) };
});

const ONCE = { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, totalBudgetMs: 0 };
// No shrinking: a deep answer shrinks for minutes, and the failing path is in the message anyway.
const RUNS = { numRuns: 40, endOnFailure: true };
const publisher = new PublisherClient({ profile: baseProfile('http://127.0.0.1:9/api/kioskIntegrationService/v1'), accountKey: 'k', retry: ONCE });
const platform = new PlatformHttp({ platformUrl: 'http://127.0.0.1:9', licenceUuid: 'lic', accountKey: 'k', retry: ONCE });
const board = new PlatformBoardClient(platform);

type Json = Record<string, unknown>;
interface Reader {
  read: () => Promise<unknown>;
  /** What the client method hands its caller, from the normalised answer (most hand it as is). */
  view?: (answer: Json) => unknown;
}

const PUBLISHER_READERS: Record<keyof typeof PUBLISHER_ANSWERS, Reader> = {
  staffSignIn: { read: () => publisher.staffSignIn({ login: 'a', password: 'b' }) },
  identifyPatients: { read: () => publisher.identifyPatients({ criteria: { birthDate: '1980-01-02' } }) },
  getAppointmentById: { read: () => publisher.getAppointmentById('A5000~RDV24000') },
  getAppointmentByCode: { read: () => publisher.getAppointmentByCode('CV/12?x') },
  getAppointmentByTicket: { read: () => publisher.getAppointmentByTicket({ ticketNumber: 'I012', birthDate: '1980-01-02', officePlaceVisibleId: 'LYON' }) },
  checkInAppointment: {
    read: () => publisher.checkInAppointment('A1', { identifiedWithHealthCard: false, anomalyCodes: [], sequence: { number: 1, count: 1 } }),
  },
  setAppointmentStatus: { read: () => publisher.setAppointmentStatus('A1', 'done') },
  getNotificationReadiness: { read: () => publisher.getNotificationReadiness('A1') },
  officePlaces: { read: () => publisher.getConfig('officePlaces') },
  examTypes: { read: () => publisher.getConfig('examTypes') },
  exams: { read: () => publisher.getConfig('exams') },
  practitioners: { read: () => publisher.getConfig('practitioners') },
  rooms: { read: () => publisher.getConfig('rooms') },
  documentTypes: { read: () => publisher.getConfig('documentTypes') },
};

const PLATFORM_READERS: Record<keyof typeof PLATFORM_ANSWERS, Reader> = {
  issueForAppointment: {
    read: () => new ReceptionClient(platform).issueForAppointment({ officePlaceId: 1, contractAppointmentId: 'A1', requestUid: 'uid-1' }),
    view: (answer) => ({ ...answer, requestUid: 'uid-1' }),
  },
  appointmentStatusChanged: { read: () => board.appointmentStatusChanged('A1', 'done'), view: (answer) => answer.updated },
  cancelForAppointment: { read: () => new ReceptionClient(platform).cancelForAppointment('A1') },
  // A new client each time: the settings are cached ~30 s.
  getCheckinNotifySettings: { read: () => new ReceptionClient(platform).getCheckinNotifySettings() },
  printTicket: { read: () => printTicket(platform, { officePlaceId: 1, kioskDeskId: null, data: {} }) },
  listForDay: { read: () => board.listForDay(), view: (answer) => ({ day: answer.day, tickets: answer.tickets, lastEventId: answer.lastEventId ?? null }) },
  callTicket: { read: () => board.callTicket({ ticketId: 't', kioskDeskId: 1, deskLabel: 'Desk 1' }), view: (answer) => answer.ticket },
};

// ── generation from the tables ──────────────────────────────────────────────────
const opaque = fc.dictionary(
  fc.string({ maxLength: 6 }).filter((key) => key !== '__proto__'),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
);

/** One answer in its plainest legal form: every non-required field either set or left out. */
function plain(spec: Spec): fc.Arbitrary<unknown> {
  switch (spec.kind) {
    case 'scalar':
      return spec.gen;
    case 'vendorData':
      return opaque;
    case 'array':
      return fc.array(plain(spec.item), { maxLength: 3 });
    case 'object': {
      const fields = Object.entries(spec.fields).map(([name, field]) => {
        const value = plain(field.spec);
        return [name, field.presence === 'required' || field.presence === 'list' ? value : fc.option(value, { nil: undefined })] as const;
      });
      return fc.record(Object.fromEntries(fields)).map((record) => JSON.parse(JSON.stringify(record)) as unknown);
    }
  }
}

/** The same answer as another server may write it: null for absent, [] / null / nothing for no items, unknown fields, `+hhmm`. */
function rewritten(value: unknown, spec: Spec, g: fc.GeneratorValue): unknown {
  switch (spec.kind) {
    case 'vendorData':
      return value;
    case 'scalar':
      return spec.dateLike && typeof value === 'string' && g(fc.boolean) ? value.replace(/([+-]\d{2}):(\d{2})$/, '$1$2') : value;
    case 'array':
      return (value as unknown[]).map((item) => rewritten(item, spec.item, g));
    case 'object': {
      const source = value as Json;
      const out: Json = g(fc.dictionary, fc.string({ maxLength: 5 }).map((key) => `zz_${key}`), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 });
      for (const [name, field] of Object.entries(spec.fields)) {
        const current = source[name];
        const empty = current === undefined || (field.presence === 'list' && (current as unknown[]).length === 0);
        if (!empty) out[name] = rewritten(current, field.spec, g);
        else if (field.presence !== 'required') {
          const form = g(fc.constantFrom, 'absent', 'null', 'empty');
          if (form === 'null') out[name] = null;
          if (form === 'empty' && field.presence === 'list') out[name] = [];
        }
      }
      return out;
    }
  }
}

/** What the spec tables say the desk must see: one "no value" per field, unknown fields gone, vendorData whole. */
function normalised(value: unknown, spec: Spec): unknown {
  switch (spec.kind) {
    case 'scalar':
    case 'vendorData':
      return value;
    case 'array':
      return (value as unknown[]).map((item) => normalised(item, spec.item));
    case 'object': {
      const source = value as Json;
      const out: Json = {};
      for (const [name, field] of Object.entries(spec.fields)) {
        const current = source[name];
        if (current !== undefined) out[name] = normalised(current, field.spec);
        else if (field.presence === 'nullable') out[name] = null;
        else if (field.presence === 'list') out[name] = [];
      }
      return out;
    }
  }
}

interface Site {
  path: (string | number)[];
  field: { presence: string; spec: Spec };
  present: boolean;
}

/** Every field position of an answer, present or not, with its path. */
function sites(value: unknown, spec: Spec, path: (string | number)[] = []): Site[] {
  if (spec.kind === 'array') return (value as unknown[]).flatMap((item, index) => sites(item, spec.item, [...path, index]));
  if (spec.kind !== 'object') return [];
  const source = value as Json;
  return Object.entries(spec.fields).flatMap(([name, field]) => {
    const here = { path: [...path, name], field, present: source[name] !== undefined };
    return here.present ? [here, ...sites(source[name], field.spec, here.path)] : [here];
  });
}

function wrongValue(spec: Spec): unknown {
  if (spec.kind === 'scalar') return spec.wrong;
  return spec.kind === 'array' ? { not: 'a list' } : 'not an object';
}

function withChange(value: unknown, path: (string | number)[], change: (parent: Json, key: string | number) => void): unknown {
  const copy = structuredClone(value) as Json;
  let parent: Json = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Json;
  change(parent, path.at(-1)!);
  return copy;
}

async function read(reader: Reader, answer: unknown): Promise<unknown> {
  wire.body = JSON.stringify(answer);
  return reader.read();
}

async function violation(reader: Reader, answer: unknown): Promise<DeskError> {
  const error = await read(reader, answer).then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(DeskError);
  expect((error as DeskError).code).toBe('CONTRACT_VIOLATION');
  return error as DeskError;
}

function expectNoValueIn(message: string) {
  expect(message).not.toContain(VALUE_MARK);
  expect(message).not.toMatch(/\d{4}-\d{2}-\d{2}/);
}

function properties(tables: Record<string, Spec>, readers: Record<string, Reader>) {
  for (const [name, spec] of Object.entries(tables)) {
    const reader = readers[name]!;
    const view = (answer: unknown) => (reader.view ? reader.view(answer as Json) : answer);

    describe(name, () => {
      it('reads every legal form of an answer as the same normalised value', async () => {
        await fc.assert(
          fc.asyncProperty(plain(spec), fc.gen(), async (answer, g) => {
            const expected = view(normalised(answer, spec));
            expect(await read(reader, answer)).toEqual(expected);
            expect(await read(reader, rewritten(answer, spec, g))).toEqual(expected);
          }),
          RUNS,
        );
      });

      // The check-in answer has no required field: every field of it may be left out.
      const hasRequired = spec.kind === 'object' && Object.values(spec.fields).some((field) => field.presence === 'required');
      if (hasRequired) it('refuses a missing required field with CONTRACT_VIOLATION naming it, never a value', async () => {
        await fc.assert(
          fc.asyncProperty(plain(spec), fc.nat(), async (answer, pick) => {
            const candidates = sites(answer, spec).filter((site) => site.present && site.field.presence === 'required');
            const { path } = candidates[pick % candidates.length]!;
            const error = await violation(
              reader,
              withChange(answer, path, (parent, key) => delete parent[key]),
            );
            expect(error.message).toContain(`(${path.join('.')})`);
            expectNoValueIn(error.message);
          }),
          RUNS,
        );
      });

      it('refuses a wrong type, present or optional, with CONTRACT_VIOLATION naming the field, never a value', async () => {
        await fc.assert(
          fc.asyncProperty(plain(spec), fc.nat(), async (answer, pick) => {
            const candidates = sites(answer, spec);
            const { path, field } = candidates[pick % candidates.length]!;
            const error = await violation(
              reader,
              withChange(answer, path, (parent, key) => (parent[key] = wrongValue(field.spec))),
            );
            expect(error.message).toContain(`(${path.join('.')})`);
            expectNoValueIn(error.message);
          }),
          RUNS,
        );
      });
    });
  }
}

describe('tolerant reading of the publisher answers (contract field tables)', () => {
  properties(PUBLISHER_ANSWERS, PUBLISHER_READERS);
});

describe('tolerant reading of the platform ticket-service answers (DESIGN.md §2, DeskTicket)', () => {
  properties(PLATFORM_ANSWERS, PLATFORM_READERS);
});
