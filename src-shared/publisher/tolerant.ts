import { z } from 'zod';

/**
 * Tolerant reading of the answers of servers the desk did not write (publishers, the
 * platform). Real servers differ from the specs in representation, not in meaning:
 * a value they do not have comes back absent or `null` (the contract's PATCH clears
 * with `null`, so a cleared value reads back as `null`). These wrappers normalise
 * once, in the schema, so features see ONE representation of "no value" per field.
 *
 * They are preprocess steps: the wrapped schema stays the documented shape (OpenAPI
 * generation renders the inner schema), and a wrong type still fails on the field.
 * Only answers use them; requests stay exact (strict in what the desk sends).
 */

const nullToUndefined = (value: unknown): unknown => (value === null ? undefined : value);
const undefinedToNull = (value: unknown): unknown => (value === undefined ? null : value);
const missingToEmpty = (value: unknown): unknown => value ?? [];

/** A field the spec does not require: absent or `null` read as absent. */
export function maybe<S extends z.ZodType>(schema: S) {
  return z.preprocess(nullToUndefined, schema.optional());
}

/** A field the spec types "T or null" and features read as `null`: absent read as `null`. */
export function orNull<S extends z.ZodType>(schema: S) {
  return z.preprocess(undefinedToNull, schema.nullable());
}

/** A nested list where "none" may come as `[]`, `null` or nothing at all: read as `[]`. */
export function listOf<S extends z.ZodType>(item: S) {
  return z.preprocess(missingToEmpty, z.array(item));
}

/** A text the spec does not require, kept a string where the desk shows it as one: absent or `null` read as `''`. */
export const textOrEmpty = z.preprocess((value) => value ?? '', z.string());

// `+hhmm` (PHP's DATE_ISO8601, some Java formatters) is the basic form of the same offset.
const BASIC_OFFSET = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(\d{2})$/;

/**
 * A date-time as a server writes it: with or without fractional seconds, `Z` or an
 * offset, `+hh:mm` or `+hhmm` (normalised to `+hh:mm`). The offset is kept as written; it
 * is a representation, not a meaning: days are read from the instant on the desk's calendar.
 */
export const answerDateTimeSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(BASIC_OFFSET, '$1$2:$3') : value),
  z.iso.datetime({ offset: true }),
);
