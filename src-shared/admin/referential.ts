import { z } from 'zod';
import type { DeskErrorField } from '../errors';

/**
 * The static referential JSON (kiosk-integration-contract, "Static referential JSON"):
 * an administrator uploads it instead of the six configuration routes. Every section
 * is optional (absent = empty list), ids may be strings or numbers and are
 * normalised to strings. The desk checks it with this schema before sending it, and
 * the sandbox platform checks it again when it is saved (400 with the exact problem).
 */
export const STATIC_REFERENTIAL_SECTIONS = ['officePlaces', 'examTypes', 'exams', 'practitioners', 'rooms', 'documentTypes'] as const;
export type StaticReferentialSection = (typeof STATIC_REFERENTIAL_SECTIONS)[number];

/** The largest referential the desk uploads (characters of JSON text). */
export const STATIC_REFERENTIAL_MAX_CHARS = 1_000_000;
const MAX_ENTRIES = 5_000;

const referentialId = z
  .union([z.string().trim().min(1).max(128), z.number().int().nonnegative()])
  .transform((id) => String(id));
const name = z.string().trim().min(1).max(256);
const optionalText = z.string().max(256).optional();

const entry = z.object({ id: referentialId, name });

/** Ids within a section must be unique: appointments refer to them. */
function section<T extends z.ZodType<{ id: string }>>(item: T) {
  return z
    .array(item)
    .max(MAX_ENTRIES)
    .default([])
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((value, index) => {
        if (seen.has(value.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate id "${value.id}"` });
        seen.add(value.id);
      });
    });
}

export const staticReferentialSchema = z.strictObject({
  officePlaces: section(entry),
  examTypes: section(entry.extend({ ticketPrefix: optionalText })),
  exams: section(entry.extend({ examTypeId: referentialId })),
  practitioners: section(entry.extend({ rppsId: optionalText })),
  rooms: section(entry),
  documentTypes: z
    .array(z.object({ code: z.string().trim().min(1).max(64), label: name }))
    .max(MAX_ENTRIES)
    .default([]),
});
/** What a client sends (ids string or number, sections optional). */
export type StaticReferentialInput = z.input<typeof staticReferentialSchema>;
/** What is stored (ids strings, every section present). */
export type StaticReferential = z.output<typeof staticReferentialSchema>;

/** What the platform keeps about an uploaded referential: its size per section. */
export const staticReferentialSummarySchema = z.object({
  licenceId: z.number().int().positive(),
  uploadedAt: z.iso.datetime(),
  counts: z.object(Object.fromEntries(STATIC_REFERENTIAL_SECTIONS.map((key) => [key, z.number().int().nonnegative()])) as {
    [K in StaticReferentialSection]: z.ZodNumber;
  }),
});
export type StaticReferentialSummary = z.infer<typeof staticReferentialSummarySchema>;

export type ReferentialCheck = { ok: true; referential: StaticReferential } | { ok: false; problems: DeskErrorField[] };

/**
 * Parses and checks a referential file's text; each problem names its place
 * (`examTypes.2.name`) so the administrator can fix the file. Never echoes values.
 */
export function checkStaticReferential(text: string): ReferentialCheck {
  if (text.length > STATIC_REFERENTIAL_MAX_CHARS) {
    return { ok: false, problems: [{ path: '(file)', message: `larger than ${STATIC_REFERENTIAL_MAX_CHARS} characters` }] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problems: [{ path: '(file)', message: 'not valid JSON' }] };
  }
  const parsed = staticReferentialSchema.safeParse(json);
  if (parsed.success) return { ok: true, referential: parsed.data };
  return { ok: false, problems: parsed.error.issues.slice(0, 20).map((issue) => ({ path: issue.path.join('.') || '(file)', message: issue.message })) };
}

export function summariseReferential(licenceId: number, referential: StaticReferential, uploadedAt: string): StaticReferentialSummary {
  const counts = Object.fromEntries(STATIC_REFERENTIAL_SECTIONS.map((key) => [key, referential[key].length])) as StaticReferentialSummary['counts'];
  return { licenceId, uploadedAt, counts };
}
