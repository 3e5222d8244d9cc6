import { z } from 'zod';
import {
  byTicketRequestSchema,
  checkInRequestSchema,
  contractIdSchema,
  documentPageSchema,
  identifyRequestSchema,
  patientUpdateSchema,
  prescriberRequestSchema,
  uploadDocumentRequestSchema,
  vendorDataSchema,
} from '../../../src-shared/publisher/schemas';
import { isStrictBase64 } from '../../crypto/envelope';

/**
 * Request schemas as the publisher applies them: the shared contract shapes, with
 * a lenient `context`. The contract says unknown context properties are ignored
 * and the context is never validated strictly, so a context of the wrong shape,
 * or a known field of the wrong type, is dropped rather than refused.
 */
const lenient = <S extends z.ZodType>(schema: S) => schema.optional().catch(undefined);

export const lenientContextSchema = lenient(
  z.looseObject({
    locationId: lenient(z.string()),
    config: lenient(
      z.looseObject({
        identification: lenient(z.looseObject({ twoFieldsIdentification: lenient(z.boolean()) })),
      }),
    ),
    vendorData: lenient(vendorDataSchema),
  }),
);
export type LenientContext = z.output<typeof lenientContextSchema>;

// ── path parameters ─────────────────────────────────────────────────────────
export const appointmentParams = z.object({ appointmentId: contractIdSchema });
export const patientParams = z.object({ patientId: contractIdSchema });
export const documentParams = z.object({ appointmentId: contractIdSchema, documentId: contractIdSchema });
/** by-code: the code format is the publisher's; the contract caps it at 512 characters. */
export const codeParams = z.object({ code: z.string().min(1).max(512) });

// ── bodies ──────────────────────────────────────────────────────────────────
export const identifyBody = identifyRequestSchema.extend({ context: lenientContextSchema });
export const patientPatchBody = z.looseObject({ context: lenientContextSchema, patient: patientUpdateSchema });
export const prescriberBody = prescriberRequestSchema.extend({ context: lenientContextSchema });
export const uploadBody = uploadDocumentRequestSchema.extend({
  context: lenientContextSchema,
  // Strict base64 without a `data:` prefix, as the contract's DocumentPage says.
  pages: z.array(documentPageSchema.extend({ contentBase64: z.string().min(1).refine(isStrictBase64) })).min(1),
});
export const checkInBody = checkInRequestSchema.extend({ context: lenientContextSchema });
export const byTicketBody = byTicketRequestSchema.extend({ context: lenientContextSchema });
/** The deferred notification's body is empty; an object (a context) is tolerated. */
export const notifyBody = z.looseObject({ context: lenientContextSchema }).optional();

// ── query ───────────────────────────────────────────────────────────────────
const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');
export const readinessQuery = z.looseObject({
  identifiedWithHealthCard: booleanText.optional(),
  sequenceNumber: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(1))
    .optional(),
  examId: z.string().min(1).max(128).optional(),
  otherExamIds: z
    .string()
    .transform((value) => (value === '' ? [] : value.split(',')))
    .pipe(z.array(z.string().min(1).max(128)))
    .optional(),
});
