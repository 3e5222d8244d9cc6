import { z } from 'zod';

/**
 * Kiosk Integration Contract shapes (spec/kiosk-integration-contract.md).
 * Answers are loose objects: unknown properties are ignored so a newer publisher
 * never breaks the desk, while wrong types are rejected. Requests follow the
 * contract's limits (ids ≤ 128, anomaly codes ≤ 32, …).
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
export const practitionerRefSchema = z.looseObject({ name: z.string(), rppsId: z.string().optional() });
export type PractitionerRef = z.infer<typeof practitionerRefSchema>;

export const addressSchema = z.looseObject({
  line1: z.string(),
  line2: z.string().nullable().optional(),
  zipCode: z.string(),
  city: z.string(),
});

export const patientSchema = z.looseObject({
  id: contractIdSchema,
  firstName: z.string(),
  lastName: z.string(),
  birthName: z.string().optional(),
  birthDate: contractDateSchema,
  sex: z.string().optional(),
  email: z.string().optional(),
  mobilePhone: z.string().optional(),
  phone: z.string().optional(),
  address: addressSchema.optional(),
  socialSecurityId: z.string().optional(),
  heightCm: z.number().optional(),
  weightKg: z.number().optional(),
  referringPractitioner: practitionerRefSchema.optional(),
  vendorData: vendorDataSchema.optional(),
});
export type Patient = z.infer<typeof patientSchema>;

export const APPOINTMENT_STATUSES = ['scheduled', 'cancelled', 'checkedIn', 'inCare', 'done', 'closed'] as const;
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** The forward-only progression a desk may request with `PUT status`. */
export const PROGRESSION = ['checkedIn', 'inCare', 'done', 'closed'] as const;
export const progressionStatusSchema = z.enum(PROGRESSION);
export type ProgressionStatus = z.infer<typeof progressionStatusSchema>;

export const appointmentSchema = z.looseObject({
  id: contractIdSchema,
  patientId: z.string(),
  startDate: contractDateTimeSchema,
  convocationDate: contractDateTimeSchema.optional(),
  endDate: contractDateTimeSchema.optional(),
  locationId: z.string().optional(),
  locationLabel: z.string().optional(),
  examId: z.string().optional(),
  examTypeId: z.string().optional(),
  examLabel: z.string().optional(),
  practitionerId: z.string().optional(),
  practitionerLabel: z.string().optional(),
  roomId: z.string().optional(),
  roomLabel: z.string().optional(),
  status: appointmentStatusSchema,
  awaitingExternalNotification: z.boolean().optional(),
  prescriber: practitionerRefSchema.nullable().optional(),
  ticketNumber: z.number().int().nullable().optional(),
  ticketNumberFormatted: z.string().nullable().optional(),
  managementPageUrl: z.string().optional(),
  preparatorySurveyCompleted: z.boolean().optional(),
  vendorData: vendorDataSchema.optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** by-code, by-id and by-ticket answers. */
export const appointmentPairSchema = z.looseObject({
  patient: patientSchema,
  appointment: appointmentSchema,
  otherAppointments: z.array(appointmentSchema),
  vendorData: vendorDataSchema.optional(),
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

export const identifyResponseSchema = z.looseObject({
  patients: z.array(z.looseObject({ patient: patientSchema, appointments: z.array(appointmentSchema) })),
  vendorData: vendorDataSchema.optional(),
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

export const documentSchema = z.looseObject({
  id: z.string(),
  documentType: z.string(),
  label: z.string(),
  availableOnPhone: z.boolean(),
  pageCount: z.number().int(),
  mimeType: z.string(),
});
export const requiredDocumentTypeSchema = z.looseObject({
  documentType: z.string(),
  label: z.string(),
  availableOnPhone: z.boolean(),
});
export const documentsListSchema = z.looseObject({
  documents: z.array(documentSchema),
  requiredDocumentTypes: z.array(requiredDocumentTypeSchema),
  vendorData: vendorDataSchema.optional(),
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
export const uploadDocumentResponseSchema = z.looseObject({
  documentId: z.string(),
  analysis: z.unknown().optional(),
  vendorData: vendorDataSchema.optional(),
});

/** Optional document-content operation (this project's design, docs/sandbox-publisher.md). */
export const documentContentResponseSchema = z.looseObject({
  documentId: z.string(),
  pages: z.array(documentPageSchema),
  vendorData: vendorDataSchema.optional(),
});

// ── readiness, check-in, status ──────────────────────────────────────────────
export const notificationReadinessSchema = z.looseObject({
  ready: z.boolean(),
  reason: z.enum(['notificationDisabled', 'notificationNotConfigured']).optional(),
  vendorData: vendorDataSchema.optional(),
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

export const checkInResponseSchema = z.looseObject({
  ticketNumber: z.number().int().optional(),
  ticketNumberFormatted: z.string().optional(),
  vendorData: vendorDataSchema.optional(),
});
export type CheckInResponse = z.infer<typeof checkInResponseSchema>;

export const setStatusRequestSchema = z.looseObject({ status: progressionStatusSchema });
export const setStatusResponseSchema = z.looseObject({ status: appointmentStatusSchema });

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

export const staffOfficeSchema = z.looseObject({
  officeId: z.string(),
  officeVisibleId: z.string(),
  name: z.string(),
});
export type StaffOffice = z.infer<typeof staffOfficeSchema>;

export const staffSignInResponseSchema = z.looseObject({
  offices: z.array(staffOfficeSchema),
  userEmail: z.string(),
  userDisplayName: z.string(),
});
export type StaffSignInResponse = z.infer<typeof staffSignInResponseSchema>;

// ── configuration referentials ───────────────────────────────────────────────
const referential = z.looseObject({ id: z.string(), name: z.string() });
export const officePlacesResponseSchema = z.looseObject({ officePlaces: z.array(referential) });
export const examTypesResponseSchema = z.looseObject({
  examTypes: z.array(referential.extend({ ticketPrefix: z.string().optional() })),
});
export const examsResponseSchema = z.looseObject({ exams: z.array(referential.extend({ examTypeId: z.string() })) });
export const practitionersResponseSchema = z.looseObject({
  practitioners: z.array(referential.extend({ rppsId: z.string().optional() })),
});
export const roomsResponseSchema = z.looseObject({ rooms: z.array(referential) });
export const documentTypesResponseSchema = z.looseObject({
  documentTypes: z.array(z.looseObject({ documentType: z.string(), label: z.string() })),
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
