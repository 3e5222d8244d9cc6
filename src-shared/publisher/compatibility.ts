import { z } from 'zod';
import { deskErrorCodeSchema } from '../error-schemas';
import { contractDateSchema, staffSignInRequestSchema } from './schemas';

/**
 * The technician's compatibility check (src-main/publisher/compatibility.ts): read-only
 * calls to the running profile's publisher, each answer compared, field by field, with
 * the contract's tables as the desk's tolerant schemas read them. Findings name fields
 * (paths with `[]` for list items), never a value: answers hold patient data.
 */

/** What the technician types: a staff account and a test patient (identified, never changed). */
export const compatibilityRequestSchema = staffSignInRequestSchema.extend({
  lastName: z.string().trim().min(1).max(128),
  birthDate: contractDateSchema,
});
export type CompatibilityRequest = z.infer<typeof compatibilityRequestSchema>;

export const COMPATIBILITY_STEPS = [
  'staffSignIn',
  'identifyPatients',
  'getAppointmentById',
  'officePlaces',
  'examTypes',
  'exams',
  'practitioners',
  'rooms',
  'documentTypes',
] as const;
export type CompatibilityStepName = (typeof COMPATIBILITY_STEPS)[number];

/**
 * How an answer differs from the contract's tables. The first seven are other legal
 * forms the desk reads; the last four are violations, what the desk refuses.
 */
export const FINDING_KINDS = [
  /** `null` where the contract leaves the field out: read as absent. */
  'nullForAbsent',
  /** Left out where the contract writes `null` ("T or null"): read as `null`. */
  'absentForNull',
  /** An empty list written `null`: read as `[]`. */
  'nullList',
  /** An empty list left out: read as `[]`. */
  'absentList',
  /** A field the contract does not define: dropped. */
  'unknownField',
  /** A value the desk does not know for a field that only explains another (readiness `reason`): dropped. */
  'unknownValue',
  /** A date-time with fractional seconds. */
  'dateTimeFraction',
  /** A date-time in UTC written `Z` instead of an offset. */
  'dateTimeUtc',
  /** A date-time whose offset has no colon (`+hhmm`). */
  'dateTimeBasicOffset',
  // ── violations ──
  'missingRequired',
  'wrongType',
  'invalidValue',
  'notJson',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const FINDING_OUTCOMES = ['accepted', 'ignored', 'refused'] as const;
export type FindingOutcome = (typeof FINDING_OUTCOMES)[number];

/** What the desk does with each kind: one place, so a finding's outcome cannot disagree with its kind. */
export const FINDING_OUTCOME: Record<FindingKind, FindingOutcome> = {
  nullForAbsent: 'accepted',
  absentForNull: 'accepted',
  nullList: 'accepted',
  absentList: 'accepted',
  unknownField: 'ignored',
  unknownValue: 'ignored',
  dateTimeFraction: 'accepted',
  dateTimeUtc: 'accepted',
  dateTimeBasicOffset: 'accepted',
  missingRequired: 'refused',
  wrongType: 'refused',
  invalidValue: 'refused',
  notJson: 'refused',
};

export const compatibilityFindingSchema = z.object({
  /** The contract operation (`getAppointmentById`, `config /config/exams`…). */
  operation: z.string().max(64),
  /** Field path, list items as `[]` (`otherAppointments[].prescriber`); `(body)` for the whole answer. */
  field: z.string().max(256),
  kind: z.enum(FINDING_KINDS),
  outcome: z.enum(FINDING_OUTCOMES),
});
export type CompatibilityFinding = z.infer<typeof compatibilityFindingSchema>;

export const COMPATIBILITY_STEP_OUTCOMES = [
  /** Answered; the findings say how it differs from the contract, if at all. */
  'answered',
  /** Answered in a form the desk refuses: the findings name the fields. */
  'refused',
  /** The call failed (credentials, unknown patient, unreachable…): `code` and `reason` say why. */
  'failed',
  /** Not made: the step it needs gave nothing to ask with (no patient, no appointment). */
  'skipped',
] as const;

export const compatibilityStepSchema = z.object({
  step: z.enum(COMPATIBILITY_STEPS),
  outcome: z.enum(COMPATIBILITY_STEP_OUTCOMES),
  /** The desk error code when the call failed or was refused. */
  code: deskErrorCodeSchema.nullable(),
  /** Plain English for a technician (desk error messages carry no patient data); null when answered. */
  reason: z.string().nullable(),
  findings: z.array(compatibilityFindingSchema),
});
export type CompatibilityStep = z.infer<typeof compatibilityStepSchema>;

export const compatibilityResultSchema = z.object({
  /** No step failed or was refused: every answer met is one the desk reads. */
  ok: z.boolean(),
  steps: z.array(compatibilityStepSchema),
});
export type CompatibilityResult = z.infer<typeof compatibilityResultSchema>;

const KIND_WORDS: Record<FindingKind, (field: string) => string> = {
  nullForAbsent: (field) => `sends null for ${field}`,
  absentForNull: (field) => `leaves out ${field} where the contract writes null`,
  nullList: (field) => `writes an empty list as null (${field})`,
  absentList: (field) => `leaves out the empty list ${field}`,
  unknownField: (field) => `adds fields the contract does not define (${field})`,
  unknownValue: (field) => `sends a value the desk does not know for ${field}`,
  dateTimeFraction: (field) => `writes date-times with milliseconds (${field})`,
  dateTimeUtc: (field) => `writes date-times in UTC with Z (${field})`,
  dateTimeBasicOffset: (field) => `writes date-time offsets without a colon (${field})`,
  missingRequired: (field) => `leaves out the required field ${field}`,
  wrongType: (field) => `sends ${field} with a wrong type`,
  invalidValue: (field) => `sends ${field} with a value outside the contract`,
  notJson: () => 'answers with something that is not JSON',
};

/** The finding in plain English, for logs and tests: "sends null for patient.heightCm: accepted". */
export function describeFinding(finding: CompatibilityFinding): string {
  return `${KIND_WORDS[finding.kind](finding.field)}: ${finding.outcome}`;
}
