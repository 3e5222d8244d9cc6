import { z } from 'zod';
import { answerDateTimeSchema, listOf, maybe, orNull } from './tolerant';

/**
 * Kiosk Integration Contract shapes (spec/kiosk-integration-contract.md).
 * Answers are read tolerantly (docs/publisher-client.md, "Tolerant reading"): unknown
 * properties are dropped (vendorData, the contract's round trip, is kept whole), a
 * field the contract does not require may be absent or `null`, and only a wrong type
 * or a missing required field is refused. Where the contract says "not shown", the
 * desk requires what it cannot work without: a patient's id, names and birth date,
 * an appointment's id, patientId, startDate and status. Requests follow the contract's limits
 * (ids ≤ 128, anomaly codes ≤ 32, …).
 */

// ── primitives ────────────────────────────────────────────────────────────────
export const contractIdSchema = z.string().min(1).max(128);
export const contractDateSchema = z.iso.date();
export const contractDateTimeSchema = z.iso.datetime({ offset: true });
export const vendorDataSchema = z.record(z.string(), z.unknown());

export const contractErrorBodySchema = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).nullable().optional(),
  }),
});
export type ContractErrorBody = z.infer<typeof contractErrorBodySchema>;

/**
 * The error body as the desk reads it from a publisher: only the code counts. The
 * message is never read (it may hold patient data), so its absence hides nothing.
 */
export const contractErrorAnswerSchema = z.object({
  error: z.object({
    code: z.string(),
    details: maybe(z.record(z.string(), z.unknown())),
  }),
});

export const CONTRACT_ERROR_CODES = [
  'INVALID_AUTH_KEY',
  'UNKNOWN_DEVICE',
  'INVALID_CREDENTIALS',
  'VALIDATION_ERROR',
  'DECRYPTION_FAILED',
  'UNKNOWN_PATIENT',
  'UNKNOWN_APPOINTMENT',
  'UNKNOWN_DOCUMENT',
  'ALREADY_CHECKED_IN',
  'UPLOAD_TOO_LARGE',
  'INTERNAL_ERROR',
  'NOT_SUPPORTED',
  'RELAY_UPSTREAM_UNREACHABLE',
] as const;
export type ContractErrorCode = (typeof CONTRACT_ERROR_CODES)[number];

/**
 * The request `context`: never validated strictly (contract, Conventions). Only the
 * fields the publisher reads are typed, each optional; anything else passes.
 */
export const requestContextSchema = z.looseObject({
  locationId: z.string().optional(),
  config: z
    .looseObject({
      identification: z.looseObject({ twoFieldsIdentification: z.boolean().optional() }).optional(),
      documents: z.record(z.string(), z.unknown()).optional(),
      checkIn: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  vendorData: vendorDataSchema.optional(),
});
export type RequestContext = z.infer<typeof requestContextSchema>;

// ── resources ─────────────────────────────────────────────────────────────────
export const practitionerRefSchema = z.object({ name: z.string(), rppsId: maybe(z.string()) });
export type PractitionerRef = z.infer<typeof practitionerRefSchema>;

/** The contract types line2 "nullable": `null` is its one "no value". */
export const addressSchema = z.object({
  line1: maybe(z.string()),
  line2: orNull(z.string()),
  zipCode: maybe(z.string()),
  city: maybe(z.string()),
});

export const patientSchema = z.object({
  id: contractIdSchema,
  firstName: z.string(),
  lastName: z.string(),
  birthName: maybe(z.string()),
  birthDate: contractDateSchema,
  sex: maybe(z.string()),
  email: maybe(z.string()),
  mobilePhone: maybe(z.string()),
  phone: maybe(z.string()),
  address: maybe(addressSchema),
  socialSecurityId: maybe(z.string()),
  heightCm: maybe(z.number()),
  weightKg: maybe(z.number()),
  referringPractitioner: maybe(practitionerRefSchema),
  vendorData: maybe(vendorDataSchema),
});
export type Patient = z.infer<typeof patientSchema>;

export const APPOINTMENT_STATUSES = ['scheduled', 'cancelled', 'checkedIn', 'inCare', 'done', 'closed'] as const;
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** The forward-only progression a desk may request with `PUT status`. */
export const PROGRESSION = ['checkedIn', 'inCare', 'done', 'closed'] as const;
export const progressionStatusSchema = z.enum(PROGRESSION);
export type ProgressionStatus = z.infer<typeof progressionStatusSchema>;

/** The fields the contract types "T or null" read as `null` when absent, the others as absent when `null`. */
export const appointmentSchema = z.object({
  id: contractIdSchema,
  patientId: z.string(),
  startDate: answerDateTimeSchema,
  convocationDate: maybe(answerDateTimeSchema),
  endDate: maybe(answerDateTimeSchema),
  locationId: maybe(z.string()),
  locationLabel: maybe(z.string()),
  examId: maybe(z.string()),
  examTypeId: maybe(z.string()),
  examLabel: maybe(z.string()),
  practitionerId: maybe(z.string()),
  practitionerLabel: maybe(z.string()),
  roomId: maybe(z.string()),
  roomLabel: maybe(z.string()),
  status: appointmentStatusSchema,
  awaitingExternalNotification: maybe(z.boolean()),
  prescriber: orNull(practitionerRefSchema),
  ticketNumber: orNull(z.number().int()),
  ticketNumberFormatted: orNull(z.string()),
  managementPageUrl: maybe(z.string()),
  preparatorySurveyCompleted: maybe(z.boolean()),
  vendorData: maybe(vendorDataSchema),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** by-code, by-id and by-ticket answers. */
export const appointmentPairSchema = z.object({
  patient: patientSchema,
  appointment: appointmentSchema,
  // "None today" comes as [], null or nothing: the pair itself is what matters.
  otherAppointments: listOf(appointmentSchema),
  vendorData: maybe(vendorDataSchema),
});
export type AppointmentPair = z.infer<typeof appointmentPairSchema>;

// ── identify ──────────────────────────────────────────────────────────────────
export const identifyRequestSchema = z.looseObject({
  context: requestContextSchema.optional(),
  criteria: z.looseObject({
    socialSecurityId: z.string().max(64).optional(),
    lastName: z.string().max(128).optional(),
    firstName: z.string().max(128).optional(),
    birthDate: contractDateSchema.optional(),
  }),
});
export type IdentifyRequest = z.infer<typeof identifyRequestSchema>;

export const identifyResponseSchema = z.object({
  patients: z.array(z.object({ patient: patientSchema, appointments: listOf(appointmentSchema) })),
  vendorData: maybe(vendorDataSchema),
});
export type IdentifyResponse = z.infer<typeof identifyResponseSchema>;

// ── patient edit, prescriber ────────────────────────────────────────────────
/**
 * The editable patient fields, typed (PatientUpdate). PATCH semantics: absent =
 * unchanged, `null` = cleared; the identity fields cannot be cleared.
 */
export const patientUpdateSchema = z.looseObject({
  firstName: z.string().min(1).max(128).optional(),
  lastName: z.string().min(1).max(128).optional(),
  birthName: z.string().max(128).nullable().optional(),
  birthDate: contractDateSchema.optional(),
  sex: z.string().max(32).nullable().optional(),
  email: z.string().max(256).nullable().optional(),
  mobilePhone: z.string().max(64).nullable().optional(),
  phone: z.string().max(64).nullable().optional(),
  address: addressSchema.nullable().optional(),
  socialSecurityId: z.string().max(64).nullable().optional(),
  heightCm: z.number().positive().max(300).nullable().optional(),
  weightKg: z.number().positive().max(1000).nullable().optional(),
  referringPractitioner: practitionerRefSchema.nullable().optional(),
});
export type PatientUpdate = z.infer<typeof patientUpdateSchema>;

export const prescriberRequestSchema = z.looseObject({
  context: requestContextSchema.optional(),
  prescriber: z.looseObject({ name: z.string().min(1).max(256), rppsId: z.string().max(32).optional() }),
});

// ── documents ─────────────────────────────────────────────────────────────────
export const documentTypeCodeSchema = z.string().min(1).max(64).regex(/^[A-Za-z][A-Za-z0-9_-]*$/);

export const documentSchema = z.object({
  id: z.string(),
  documentType: z.string(),
  label: z.string(),
  availableOnPhone: z.boolean(),
  pageCount: z.number().int(),
  mimeType: z.string(),
});
export const requiredDocumentTypeSchema = z.object({
  documentType: z.string(),
  label: z.string(),
  availableOnPhone: z.boolean(),
});
export const documentsListSchema = z.object({
  documents: z.array(documentSchema),
  requiredDocumentTypes: z.array(requiredDocumentTypeSchema),
  vendorData: maybe(vendorDataSchema),
});
export type DocumentsList = z.infer<typeof documentsListSchema>;

export const documentPageSchema = z.looseObject({
  contentBase64: z.string().min(1),
  mimeType: z.enum(['image/jpeg', 'image/png']),
});
export const uploadDocumentRequestSchema = z.looseObject({
  context: requestContextSchema.optional(),
  documentType: documentTypeCodeSchema,
  rotationAngle: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).optional(),
  pages: z.array(documentPageSchema).min(1),
});
export const uploadDocumentResponseSchema = z.object({
  documentId: z.string(),
  analysis: maybe(z.unknown()),
  vendorData: maybe(vendorDataSchema),
});

/** Optional document-content operation (this project's design, docs/sandbox-publisher.md). */
export const documentContentResponseSchema = z.object({
  documentId: z.string(),
  pages: z.array(documentPageSchema),
  vendorData: maybe(vendorDataSchema),
});

// ── readiness, check-in, status ──────────────────────────────────────────────
const READINESS_REASONS = ['notificationDisabled', 'notificationNotConfigured'] as const;
export const notificationReadinessSchema = z.object({
  ready: z.boolean(),
  // Only explains `ready: false`, which carries the meaning: a reason the desk does not know reads as none.
  reason: maybe(z.string())
    .transform((reason) => READINESS_REASONS.find((known) => known === reason))
    .optional(),
  vendorData: maybe(vendorDataSchema),
});
export type NotificationReadiness = z.infer<typeof notificationReadinessSchema>;

export const proposedTicketSchema = z.looseObject({
  number: z.number().int().nonnegative(),
  formattedNumber: z.string().min(1).max(32),
});

export const checkInRequestSchema = z.looseObject({
  context: requestContextSchema.optional(),
  identifiedWithHealthCard: z.boolean(),
  attendantCheckIn: z.boolean().optional(),
  deferExternalNotification: z.boolean().optional(),
  anomalyCodes: z.array(z.string().max(32)),
  documentsComplete: z.boolean().nullable().optional(),
  sequence: z.looseObject({ number: z.number().int().min(1), count: z.number().int().min(1) }),
  otherAppointmentsReadyForCheckIn: z.boolean().optional(),
  mainAppointmentId: contractIdSchema.nullable().optional(),
  linkedAppointmentIds: z.array(contractIdSchema).optional(),
  examId: contractIdSchema.nullable().optional(),
  otherExamIds: z.array(contractIdSchema).optional(),
  proposedTicket: proposedTicketSchema.nullable().optional(),
});
export type CheckInRequest = z.infer<typeof checkInRequestSchema>;

export const checkInResponseSchema = z.object({
  ticketNumber: maybe(z.number().int()),
  ticketNumberFormatted: maybe(z.string()),
  vendorData: maybe(vendorDataSchema),
});
export type CheckInResponse = z.infer<typeof checkInResponseSchema>;

export const setStatusRequestSchema = z.looseObject({ status: progressionStatusSchema });
export const setStatusResponseSchema = z.object({ status: appointmentStatusSchema });

export const byTicketRequestSchema = z.looseObject({
  context: requestContextSchema.optional(),
  ticketNumber: z.string().min(1).max(64),
  birthDate: contractDateSchema,
  officePlaceVisibleId: z.string().min(1).max(128),
});

// ── staff ─────────────────────────────────────────────────────────────────────
export const staffSignInRequestSchema = z.object({
  login: z.string().trim().min(1).max(256),
  password: z.string().min(1).max(1024),
});
export type StaffSignInRequest = z.infer<typeof staffSignInRequestSchema>;

export const staffOfficeSchema = z.object({
  officeId: z.string(),
  officeVisibleId: z.string(),
  name: z.string(),
});
export type StaffOffice = z.infer<typeof staffOfficeSchema>;

export const staffSignInResponseSchema = z.object({
  offices: z.array(staffOfficeSchema),
  userEmail: z.string(),
  userDisplayName: z.string(),
});
export type StaffSignInResponse = z.infer<typeof staffSignInResponseSchema>;

// ── configuration referentials ───────────────────────────────────────────────
// The lists themselves stay required: a route answering without its list is not the route.
const referential = z.object({ id: z.string(), name: z.string() });
export const officePlacesResponseSchema = z.object({
  // Not in the contract: the training publisher names each place's office, the board narrows by it (board/grants.ts).
  officePlaces: z.array(referential.extend({ officeId: maybe(z.string()) })),
});
export const examTypesResponseSchema = z.object({
  examTypes: z.array(referential.extend({ ticketPrefix: maybe(z.string()) })),
});
export const examsResponseSchema = z.object({ exams: z.array(referential.extend({ examTypeId: z.string() })) });
export const practitionersResponseSchema = z.object({
  practitioners: z.array(referential.extend({ rppsId: maybe(z.string()) })),
});
export const roomsResponseSchema = z.object({ rooms: z.array(referential) });
export const documentTypesResponseSchema = z.object({
  documentTypes: z.array(z.object({ documentType: z.string(), label: z.string() })),
});

/** The six config routes, in the order the platform probes the first five. */
export const CONFIG_ROUTES = {
  officePlaces: { path: '/config/office-places', schema: officePlacesResponseSchema, probed: true },
  examTypes: { path: '/config/exam-types', schema: examTypesResponseSchema, probed: true },
  exams: { path: '/config/exams', schema: examsResponseSchema, probed: true },
  practitioners: { path: '/config/practitioners', schema: practitionersResponseSchema, probed: true },
  rooms: { path: '/config/rooms', schema: roomsResponseSchema, probed: true },
  documentTypes: { path: '/config/document-types', schema: documentTypesResponseSchema, probed: false },
} as const;

// ── end-to-end encryption ────────────────────────────────────────────────────
export const ENCRYPTION_VERSION = 'v1';
export const ENCRYPTION_HEADER = 'X-Kiosk-Encryption';
export const ENCRYPTION_KEY_HEADER = 'X-Kiosk-Encryption-Key';
export const encryptedEnvelopeSchema = z.object({
  encrypted: z.object({ v: z.literal(1), iv: z.string().min(1), data: z.string().min(1) }),
});
export type EncryptedEnvelope = z.infer<typeof encryptedEnvelopeSchema>;
