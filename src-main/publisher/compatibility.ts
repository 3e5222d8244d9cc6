import type { z } from 'zod';
import { isDeskError } from '../../src-shared/errors';
import {
  FINDING_OUTCOME,
  type CompatibilityFinding,
  type CompatibilityRequest,
  type CompatibilityResult,
  type CompatibilityStep,
  type CompatibilityStepName,
  type FindingKind,
} from '../../src-shared/publisher/compatibility';
import { CONFIG_ROUTES } from '../../src-shared/publisher/schemas';
import type { PublisherClient } from './client';
import { configOperation, OPERATIONS, type ConfigRouteName } from './operations';
import { PROBE_RETRY_POLICY, PROBE_TIMEOUT_MS } from './probe';

export {
  compatibilityRequestSchema,
  compatibilityResultSchema,
  describeFinding,
  type CompatibilityFinding,
  type CompatibilityRequest,
  type CompatibilityResult,
} from '../../src-shared/publisher/compatibility';

export interface CompatibilityOptions {
  timeoutMs?: number;
}

const NOT_SEEN = Symbol('not seen');

/**
 * The technician's compatibility check: staff sign-in, identify of a test patient, by-id
 * of one of its appointments and the six config routes, each answer compared with what the
 * desk's tolerant schemas make of it. Read-only by construction: only reads are called
 * (sign-in and identify are POSTs that change nothing), never check-in, PATCH or PUT status.
 */
export async function checkCompatibility(
  publisher: PublisherClient,
  request: CompatibilityRequest,
  options: CompatibilityOptions = {},
): Promise<CompatibilityResult> {
  let seen: unknown = NOT_SEEN;
  // One attempt, short: the check reports what the publisher does now, like the config probe.
  const client = publisher.observed(
    (_operation, json) => {
      seen = json;
    },
    { retry: PROBE_RETRY_POLICY, timeoutMs: options.timeoutMs ?? PROBE_TIMEOUT_MS },
  );

  async function run<T>(step: CompatibilityStepName, operation: string, schema: z.ZodType, call: () => Promise<T>) {
    seen = NOT_SEEN;
    try {
      const value = await call();
      return { step: answered(step, compare(operation, schema, seen)), value };
    } catch (error) {
      return { step: failed(step, operation, schema, error, seen), value: null };
    }
  }

  const steps: CompatibilityStep[] = [];
  const signIn = await run('staffSignIn', OPERATIONS.staffSignIn.name, OPERATIONS.staffSignIn.schema, () =>
    client.staffSignIn({ login: request.login, password: request.password }),
  );
  steps.push(signIn.step);
  const identify = await run('identifyPatients', OPERATIONS.identifyPatients.name, OPERATIONS.identifyPatients.schema, () =>
    client.identifyPatients({ criteria: { lastName: request.lastName, birthDate: request.birthDate } }),
  );
  steps.push(identify.step);
  const appointmentId = identify.value?.patients.flatMap((entry) => entry.appointments)[0]?.id;
  if (appointmentId === undefined) {
    const reason = identify.value
      ? identify.value.patients.length === 0
        ? 'No patient matched this last name and birth date.'
        : 'The patient has no appointment today to read back.'
      : 'Identification failed.';
    steps.push({ step: 'getAppointmentById', outcome: 'skipped', code: null, reason, findings: [] });
  } else {
    const byId = OPERATIONS.getAppointmentById;
    steps.push((await run('getAppointmentById', byId.name, byId.schema, () => client.getAppointmentById(appointmentId))).step);
  }
  for (const route of Object.keys(CONFIG_ROUTES) as ConfigRouteName[]) {
    const operation = configOperation(route);
    steps.push((await run(route, operation.name, operation.schema, () => client.getConfig(route))).step);
  }
  return { ok: steps.every((step) => step.outcome === 'answered' || step.outcome === 'skipped'), steps };
}

function answered(step: CompatibilityStepName, findings: CompatibilityFinding[]): CompatibilityStep {
  return { step, outcome: 'answered', code: null, reason: null, findings };
}

function failed(step: CompatibilityStepName, operation: string, schema: z.ZodType, error: unknown, seen: unknown): CompatibilityStep {
  const code = isDeskError(error) ? error.code : 'INTERNAL';
  // Desk error messages are written for technicians and carry no patient data.
  const reason = isDeskError(error) ? error.message : 'Unexpected failure during the check.';
  if (code !== 'CONTRACT_VIOLATION') return { step, outcome: 'failed', code, reason, findings: [] };
  const findings = seen === NOT_SEEN ? notJson(operation, error) : compare(operation, schema, seen);
  return { step, outcome: 'refused', code, reason, findings };
}

/** A violation met before any JSON was decoded: only "not JSON" names a field-less finding; a clear or unauthentic envelope is told by the reason. */
function notJson(operation: string, error: unknown): CompatibilityFinding[] {
  const reason = (error as { reason?: unknown }).reason;
  return reason === 'notJson' ? [finding(operation, '(body)', 'notJson')] : [];
}

function finding(operation: string, field: string, kind: FindingKind): CompatibilityFinding {
  return { operation, field, kind, outcome: FINDING_OUTCOME[kind] };
}

/** The answer as decoded against what the operation's schema makes of it: violations when it refuses, else the other forms met. */
export function compare(operation: string, schema: z.ZodType, json: unknown): CompatibilityFinding[] {
  const parsed = schema.safeParse(json);
  const found = new Map<string, CompatibilityFinding>();
  const add = (field: string, kind: FindingKind) => {
    const key = `${kind} ${field}`;
    if (!found.has(key)) found.set(key, finding(operation, field, kind));
  };
  if (parsed.success) differences(json, parsed.data, '', add);
  else for (const issue of parsed.error.issues) add(fieldName(issue.path), violationKind(issue, json));
  return [...found.values()];
}

type Add = (field: string, kind: FindingKind) => void;

// The contract's form: `YYYY-MM-DDThh:mm:ss+hh:mm`; anything else the tolerant reading accepts is another form.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

function differences(raw: unknown, read: unknown, path: string, add: Add): void {
  if (Array.isArray(raw) && Array.isArray(read)) {
    raw.forEach((item, index) => differences(item, read[index], `${path}[]`, add));
    return;
  }
  if (typeof raw === 'string' && typeof read === 'string') {
    dateTimeForm(raw, path, add);
    return;
  }
  if (!isObject(raw) || !isObject(read)) return;
  for (const [key, value] of Object.entries(raw)) {
    // vendorData is the publisher's own, echoed unchanged: nothing in it is the contract's.
    if (key === 'vendorData') continue;
    const field = path ? `${path}.${key}` : key;
    const kept = Object.hasOwn(read, key);
    const readValue = read[key];
    // zod keeps every key its shape knows (an optional one read as undefined): a key it dropped is unknown to it.
    if (!kept) add(field, 'unknownField');
    else if (readValue === undefined) add(field, value === null ? 'nullForAbsent' : 'unknownValue');
    else if (value === null && Array.isArray(readValue)) add(field, 'nullList');
    else differences(value, readValue, field, add);
  }
  for (const [key, readValue] of Object.entries(read)) {
    if (Object.hasOwn(raw, key)) continue;
    const field = path ? `${path}.${key}` : key;
    if (readValue === null) add(field, 'absentForNull');
    else if (Array.isArray(readValue)) add(field, 'absentList');
  }
}

function dateTimeForm(raw: string, field: string, add: Add): void {
  const match = DATE_TIME.exec(raw);
  if (!match) return;
  if (match[1]) add(field, 'dateTimeFraction');
  if (match[2] === 'Z') add(field, 'dateTimeUtc');
  else if (!match[2]!.includes(':')) add(field, 'dateTimeBasicOffset');
}

function violationKind(issue: z.core.$ZodIssue, json: unknown): FindingKind {
  if (issue.code !== 'invalid_type') return 'invalidValue';
  return valueAt(json, issue.path) === undefined ? 'missingRequired' : 'wrongType';
}

function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let node = json;
  for (const part of path) {
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return node;
}

/** `patients.0.appointments.2.startDate` → `patients[].appointments[].startDate`: the field, not the row (or its value). */
function fieldName(path: readonly PropertyKey[]): string {
  let name = '';
  for (const part of path) name += typeof part === 'number' ? '[]' : name ? `.${String(part)}` : String(part);
  return name || '(body)';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
