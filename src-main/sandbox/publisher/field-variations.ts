import { createHash } from 'node:crypto';
import { Random } from '../world/random';

/**
 * Field variations: every answer written in the other forms the contract allows,
 * the way real publishers write them. Meaning never changes: required fields stay,
 * and every value is equal to the plain answer's once normalised (null = absent,
 * empty optional list = null, date-times compared as instants, unknown fields
 * ignored). Ids are varied once for the whole world (opaque-ids.ts), because an id
 * must stay the same across answers and requests.
 */
export type FieldVariationMode = { mode: 'off' } | { mode: 'all' } | { mode: 'random'; seed: number };

export const NO_FIELD_VARIATIONS: FieldVariationMode = { mode: 'off' };

/** `off`, `all` or `random:<seed>` (seed: a whole number), as the CLIs take it; null when malformed. */
export function parseFieldVariations(text: string): FieldVariationMode | null {
  if (text === 'off' || text === 'all') return { mode: text };
  const random = /^random:(\d{1,10})$/.exec(text);
  if (random && Number(random[1]) <= 2 ** 32 - 1) return { mode: 'random', seed: Number(random[1]) };
  return null;
}

/** The flag's text for a mode (the inverse of parseFieldVariations). */
export function describeFieldVariations(mode: FieldVariationMode): string {
  return mode.mode === 'random' ? `random:${mode.seed}` : mode.mode;
}

/** Where null and absent are both legal, by object kind, from the contract's field tables. */
interface Shape {
  /** Non-required fields: an absent one may come as null, a null one may be left out. */
  optional?: readonly string[];
  /** Lists that mean "none" when empty: an empty one may come as null. */
  optionalLists?: readonly string[];
  /** Shapes of nested objects and of list items, by field name. */
  nested?: Readonly<Record<string, Shape>>;
}

const PRACTITIONER: Shape = { optional: ['rppsId'] };
const ADDRESS: Shape = { optional: ['line2'] };
// The contract leaves the patient's required fields "not shown": identity and id are what a desk cannot do without.
const PATIENT: Shape = {
  optional: ['birthName', 'sex', 'email', 'mobilePhone', 'phone', 'address', 'socialSecurityId', 'heightCm', 'weightKg', 'referringPractitioner', 'vendorData'],
  nested: { address: ADDRESS, referringPractitioner: PRACTITIONER },
};
const APPOINTMENT: Shape = {
  optional: [
    'convocationDate',
    'endDate',
    'locationId',
    'locationLabel',
    'examId',
    'examTypeId',
    'examLabel',
    'practitionerId',
    'practitionerLabel',
    'roomId',
    'roomLabel',
    'awaitingExternalNotification',
    'prescriber',
    'ticketNumber',
    'ticketNumberFormatted',
    'managementPageUrl',
    'preparatorySurveyCompleted',
    'vendorData',
  ],
  nested: { prescriber: PRACTITIONER },
};
const PAIR: Shape = {
  optional: ['vendorData'],
  optionalLists: ['otherAppointments'],
  nested: { patient: PATIENT, appointment: APPOINTMENT, otherAppointments: APPOINTMENT },
};

/** Answer shapes by `METHOD path` (the operation's path, relative to the base path). */
const ANSWERS: Readonly<Record<string, Shape>> = {
  'POST /patients/identify': {
    optional: ['vendorData'],
    nested: { patients: { optionalLists: ['appointments'], nested: { patient: PATIENT, appointments: APPOINTMENT } } },
  },
  'GET /appointments/by-code/:code': PAIR,
  'GET /appointments/:appointmentId': PAIR,
  'POST /appointments/by-ticket': PAIR,
  'GET /appointments/:appointmentId/documents': { optional: ['vendorData'] },
  'POST /appointments/:appointmentId/documents': { optional: ['analysis', 'vendorData'] },
  'GET /appointments/:appointmentId/documents/:documentId/content': { optional: ['vendorData'] },
  'GET /appointments/:appointmentId/notification-readiness': { optional: ['reason', 'vendorData'] },
  'POST /appointments/:appointmentId/check-in': { optional: ['ticketNumber', 'ticketNumberFormatted', 'vendorData'] },
  'GET /config/exam-types': { nested: { examTypes: { optional: ['ticketPrefix'] } } },
  'GET /config/practitioners': { nested: { practitioners: { optional: ['rppsId'] } } },
};

/** Opaque to the desk: echoed unchanged, so never rewritten. */
const OPAQUE = new Set(['vendorData', 'analysis']);

const DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** Offsets no office uses all together; the first one differing from the answer's is used in `all` mode. */
const OFFSETS = ['+05:30', '-04:00', 'Z', '+09:45', '-09:30', '+14:00'] as const;
const FRACTIONS = ['.000', '.0', '.000000'] as const;

/** Unknown fields a newer or proprietary publisher adds; a conformant client ignores them. */
const EXTRA_FIELDS: readonly [string, unknown][] = [
  ['publisherExtension', { source: 'training-sandbox', revision: 1 }],
  ['internalCode', 'X-12'],
  ['legacyFlags', []],
  ['updatedAt', '2001-02-03T04:05:06.789+01:00'],
];

function offsetMinutes(offset: string): number {
  if (offset === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}

/** The same instant written with `offset`; the fraction is kept as written (or `fraction` when there is none). */
export function atOffset(value: string, offset: string, fraction: string): string {
  const parts = DATE_TIME.exec(value);
  if (!parts) return value;
  const instant = Date.parse(`${parts[1]}${parts[3]}`);
  const wall = new Date(instant + offsetMinutes(offset) * 60_000).toISOString().slice(0, 19);
  return `${wall}${parts[2] ?? fraction}${offset}`;
}

/** Which variation to apply where: every one (`all`), or a coin per place (`random`). */
interface Chooser {
  take(): boolean;
  pick<T>(items: readonly T[]): T;
}

const ALWAYS: Chooser = { take: () => true, pick: (items) => items[0]! };

function seeded(seed: number, answerKey: string): Chooser {
  // Per answer, from the seed and the answer itself: the same seed gives the same answers in any request order.
  const digest = createHash('sha256').update(`${seed}\n${answerKey}`).digest();
  const random = new Random(digest.readUInt32LE(0));
  return { take: () => random.chance(0.5), pick: (items) => random.pick(items) };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rewrites 2xx answer bodies (before sealing) in the legal forms selected by the mode. */
export class AnswerVariations {
  constructor(private readonly mode: FieldVariationMode) {}

  get enabled(): boolean {
    return this.mode.mode !== 'off';
  }

  vary(method: string, path: string, body: Record<string, unknown>): Record<string, unknown> {
    if (this.mode.mode === 'off') return body;
    const route = `${method} ${path}`;
    const chooser = this.mode.mode === 'all' ? ALWAYS : seeded(this.mode.seed, `${route}\n${JSON.stringify(body)}`);
    return this.object(body, ANSWERS[route] ?? {}, chooser);
  }

  private object(source: Record<string, unknown>, shape: Shape, choose: Chooser): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(source)) {
      if (OPAQUE.has(key)) out[key] = value;
      else out[key] = this.value(value, shape.nested?.[key] ?? {}, choose);
    }
    for (const key of shape.optional ?? []) {
      if (!(key in out)) {
        if (choose.take()) out[key] = null;
      } else if (out[key] === null && choose.take()) {
        delete out[key];
      }
    }
    for (const key of shape.optionalLists ?? []) {
      const list = out[key];
      if (Array.isArray(list) && list.length === 0 && choose.take()) out[key] = null;
    }
    for (const [key, value] of EXTRA_FIELDS) {
      if (!(key in out) && choose.take()) out[key] = structuredClone(value);
    }
    return out;
  }

  private value(value: unknown, shape: Shape, choose: Chooser): unknown {
    if (Array.isArray(value)) return value.map((item) => this.value(item, shape, choose));
    if (isObject(value)) return this.object(value, shape, choose);
    if (typeof value === 'string' && DATE_TIME.test(value) && choose.take()) {
      const written = DATE_TIME.exec(value)![3]!;
      const others = OFFSETS.filter((offset) => offsetMinutes(offset) !== offsetMinutes(written));
      return atOffset(value, choose.pick(others), choose.pick(FRACTIONS));
    }
    return value;
  }
}
