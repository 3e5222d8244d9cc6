import { z } from 'zod';
import { contractDateSchema } from '../publisher/schemas';
import { answerDateTimeSchema, listOf, maybe, orNull } from '../publisher/tolerant';

/**
 * The platform's ticket services `/api/kioskTicket/*` (DESIGN.md §2) and the desk
 * extensions this project defines (DESIGN.md §3, docs/desk-extensions.md).
 * Every body carries `licenceUuid`; `Authorization` is the raw account key.
 * Answers are read tolerantly (`../publisher/tolerant.ts`): unknown fields dropped,
 * `null` and absence read as one "no value" per field, wrong types refused.
 */
const licenceUuid = z.string().min(1).max(64);
const optionalText = (max: number) => z.string().max(max).nullable().optional();
/** The longest `prefix` the platform's OpenAPI accepts on `issueForAppointment`. */
export const TICKET_PREFIX_MAX = 8;

export const issueForAppointmentRequestSchema = z.looseObject({
  licenceUuid,
  officePlaceId: z.number().int(),
  requestUid: z.string().min(1).max(128),
  prefix: z.string().max(TICKET_PREFIX_MAX).nullable().optional(),
  examTypeId: optionalText(128),
  examTypeLabel: optionalText(256),
  contractAppointmentId: optionalText(128),
  patientDisplayName: optionalText(256),
  examLabel: optionalText(256),
});
export type IssueForAppointmentRequest = z.infer<typeof issueForAppointmentRequestSchema>;

/** The contract answers `{number, formattedNumber}`; `day` comes from the platform's OpenAPI. */
export const issuedTicketSchema = z.object({
  number: z.number().int(),
  formattedNumber: z.string(),
  day: maybe(contractDateSchema),
});
export type IssuedTicket = z.infer<typeof issuedTicketSchema>;

/** Statuses the publisher reports, backward moves included (contract, platform services). */
export const appointmentStatusChangedRequestSchema = z.looseObject({
  licenceUuid,
  contractAppointmentId: z.string().min(1).max(128),
  status: z.string().min(1).max(32),
});
export const appointmentStatusChangedResponseSchema = z.object({ updated: z.number().int().nonnegative() });

export const cancelForAppointmentRequestSchema = z.looseObject({
  licenceUuid,
  contractAppointmentId: z.string().min(1).max(128),
});
export const cancelForAppointmentResponseSchema = z.object({ cancelled: z.number().int().nonnegative() });

export const checkinNotifySettingsRequestSchema = z.looseObject({ licenceUuid });
export const checkinNotifySettingsResponseSchema = z.object({
  settings: z.array(
    z.object({
      // null = the global setting; a platform leaving the field out means the same.
      officePlaceId: orNull(z.number().int()),
      enabled: z.boolean(),
      excludedAnomalyCodes: listOf(z.string()),
    }),
  ),
  features: maybe(z.record(z.string(), z.unknown())),
});
export type CheckinNotifySettings = z.infer<typeof checkinNotifySettingsResponseSchema>;

export const printTicketRequestSchema = z.looseObject({
  licenceUuid,
  officePlaceId: z.number().int(),
  kioskDeskId: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export const printTicketResponseSchema = z.object({
  printed: z.boolean(),
  deviceExternalId: orNull(z.string()),
});

/** 401 on the ticket services: bad key or licence not resolved. */
export const platformErrorBodySchema = z.looseObject({ message: z.string() });

// ── desk extensions ───────────────────────────────────────────────────────────
/** `issued`: number reserved (kiosk or desk) but arrival not confirmed by the publisher yet. */
export const TICKET_STATUSES = ['issued', 'checkedIn', 'inCare', 'done', 'closed', 'cancelled'] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

export const ticketSourceSchema = z.enum(['kiosk', 'desk', 'publisher']);

/**
 * Ticket history (desk extension, docs/desk-extensions.md): one entry per transition,
 * oldest first. `called` carries the desk; `transfer` the desk the ticket was sent to.
 * Entries of an event this desk does not know (a newer platform) are dropped, not refused.
 */
export const TICKET_HISTORY_EVENTS = ['issued', 'checkedIn', 'called', 'inCare', 'done', 'closed', 'absent', 'transfer', 'cancelled'] as const;
export const ticketHistoryEventSchema = z.enum(TICKET_HISTORY_EVENTS);
export type TicketHistoryEvent = z.infer<typeof ticketHistoryEventSchema>;
export const ticketHistoryEntrySchema = z.object({
  at: answerDateTimeSchema,
  event: ticketHistoryEventSchema,
  deskId: maybe(z.number().int()),
  deskLabel: maybe(z.string()),
});
export type TicketHistoryEntry = z.infer<typeof ticketHistoryEntrySchema>;
const knownEvent = (entry: unknown): boolean =>
  typeof entry === 'object' && entry !== null && (TICKET_HISTORY_EVENTS as readonly unknown[]).includes((entry as { event?: unknown }).event);

/**
 * A called or in-care patient handed on by the platform (desk extension): sent to another desk
 * (`toDeskId`) or back to the waiting line (`toDeskId` null) with an optional note, or returned to
 * waiting because the desk that called them closed or stopped announcing itself (`deskGone`).
 */
export const ticketHandoffSchema = z.object({
  at: answerDateTimeSchema,
  reason: z.enum(['transfer', 'deskGone']),
  fromDeskId: orNull(z.number().int()),
  fromDeskLabel: z.string(),
  toDeskId: orNull(z.number().int()),
  toDeskLabel: orNull(z.string()),
  note: orNull(z.string()),
});
export type TicketHandoff = z.infer<typeof ticketHandoffSchema>;

/** No-show (desk extension): when, after how many calls, at which desk; `dismissed` at the end of the day. */
export const ticketAbsenceSchema = z.object({
  at: answerDateTimeSchema,
  calls: z.number().int().nonnegative(),
  deskLabel: z.string(),
  dismissed: z.boolean(),
});
export type TicketAbsence = z.infer<typeof ticketAbsenceSchema>;

/**
 * Statuses a desk may report from the medical system (desk extension `reportVerifiedStatus`): an
 * arrival or a move forward. Never `cancelled` (cancelForAppointment's) nor a reception undone.
 */
export const VERIFIED_STATUSES = ['checkedIn', 'inCare', 'done', 'closed'] as const;
export const verifiedStatusSchema = z.enum(VERIFIED_STATUSES);
export type VerifiedStatus = z.infer<typeof verifiedStatusSchema>;

/** Which desk read the status from the medical system, and when: the other desks take it as read. */
export const ticketVerificationSchema = z.object({
  status: verifiedStatusSchema,
  at: answerDateTimeSchema,
  deskId: orNull(z.number().int()),
  deskLabel: z.string(),
});
export type TicketVerification = z.infer<typeof ticketVerificationSchema>;

export const deskTicketSchema = z.object({
  ticketId: z.string().min(1).max(128),
  number: z.number().int(),
  formattedNumber: z.string(),
  day: contractDateSchema,
  officePlaceId: z.number().int(),
  contractAppointmentId: orNull(z.string()),
  status: ticketStatusSchema,
  patientDisplayName: orNull(z.string()),
  examLabel: orNull(z.string()),
  source: ticketSourceSchema,
  issuedAt: answerDateTimeSchema,
  updatedAt: answerDateTimeSchema,
  /** `room` (desk extension): the appointment's room, shown on the public display beside the desk. */
  lastCall: maybe(z.object({ deskId: orNull(z.number().int()), deskLabel: z.string(), at: answerDateTimeSchema, room: maybe(z.string()) })),
  /** Desk extension: the exam type's label (issueForAppointment's examTypeLabel), for figures per exam type. */
  examTypeLabel: maybe(z.string()),
  /**
   * Desk extension: bumped by the platform on every change of the ticket. Offered, a call
   * is compare-and-set on it (callTicket's expectedVersion): no patient is called to two desks.
   */
  version: maybe(z.number().int().nonnegative()),
  /** Desk extension: the ticket's transitions; absent on platforms that do not keep them. */
  history: maybe(z.preprocess((value) => (Array.isArray(value) ? value.filter(knownEvent) : value), z.array(ticketHistoryEntrySchema))),
  /** Desk extension: the called patient was handed on (transfer, or their desk left); cleared by the next call. */
  handoff: maybe(ticketHandoffSchema),
  /** Desk extension: called, did not come; set aside until recalled (or dismissed at the end of the day). */
  absent: maybe(ticketAbsenceSchema),
  /** Desk extension: the last status a desk read from the medical system and reported (reportVerifiedStatus). */
  verified: maybe(ticketVerificationSchema),
});
export type DeskTicket = z.infer<typeof deskTicketSchema>;

export const listForDayRequestSchema = z.looseObject({
  licenceUuid,
  officePlaceId: z.number().int().optional(),
  day: contractDateSchema.optional(),
});
export const listForDayResponseSchema = z.object({ day: contractDateSchema, tickets: z.array(deskTicketSchema) });

export const callTicketRequestSchema = z.looseObject({
  licenceUuid,
  ticketId: z.string().min(1).max(128),
  kioskDeskId: z.number().int().nullable(),
  deskLabel: z.string().min(1).max(64),
  recall: z.boolean().optional(),
  /** Desk extension: call only if the ticket is still at this version; 409 `{message, ticket}` otherwise. */
  expectedVersion: z.number().int().nonnegative().optional(),
  /** Desk extension: the appointment's room, for the public display. */
  room: z.string().min(1).max(64).optional(),
});
/** The 409 of a compare-and-set call: the ticket as it is now (another desk called it, or it moved). */
export const callConflictSchema = z.object({ ticket: deskTicketSchema });
export const callTicketResponseSchema = z.object({ ticket: deskTicketSchema });

/** Server-Sent Events of `GET /api/kioskTicket/events`: one `ticket` event per change. */
export const TICKET_EVENT = 'ticket';
export const TICKET_HEARTBEAT_MS = 15_000;

export const TICKET_SERVICE_PATHS = {
  issueForAppointment: '/api/kioskTicket/issueForAppointment',
  appointmentStatusChanged: '/api/kioskTicket/appointmentStatusChanged',
  cancelForAppointment: '/api/kioskTicket/cancelForAppointment',
  getCheckinNotifySettings: '/api/kioskTicket/getCheckinNotifySettings',
  printTicket: '/api/kioskTicket/printTicket',
  listForDay: '/api/kioskTicket/listForDay',
  events: '/api/kioskTicket/events',
  callTicket: '/api/kioskTicket/callTicket',
} as const;

/** Recommended client timeout for every ticket-service call (DESIGN.md §2). */
export const TICKET_SERVICE_TIMEOUT_MS = 8_000;

// ── desk extensions: stream control, public display (docs/desk-extensions.md) ──
/**
 * `listForDay` also answers the event id the list is current at, so a client can
 * open `events` with `Last-Event-ID: lastEventId` and miss nothing in between.
 */
export const listForDayWithCursorResponseSchema = listForDayResponseSchema.extend({
  lastEventId: z.number().int(),
});

/**
 * `issueForAppointment` as the sandbox platform accepts it: the contract body plus
 * an optional `source` (desk extension) saying who reserved the number; absent →
 * 'publisher', the caller the contract describes.
 */
export const deskIssueForAppointmentRequestSchema = issueForAppointmentRequestSchema.extend({
  source: ticketSourceSchema.optional(),
});
export type DeskIssueForAppointmentRequest = z.infer<typeof deskIssueForAppointmentRequestSchema>;

/** Sent once when a stream opens; its `id` is the stream position a reconnect resumes from. */
export const TICKET_READY_EVENT = 'ready';
/** The requested `Last-Event-ID` is not in the server's log: drop local state and reload with `listForDay`. */
export const TICKET_RESET_EVENT = 'reset';
export const ticketStreamControlSchema = z.object({
  lastEventId: z.number().int(),
  reason: maybe(z.enum(['eventsExpired', 'unknownEventId'])),
});

/** Query of `GET /api/kioskTicket/lastCalls` (Authorization: raw account key). */
export const lastCallsQuerySchema = z.looseObject({
  licenceUuid,
  officePlaceId: z.coerce.number().int(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

/** One call as a public display shows it: no patient name on a public screen. */
export const displayedCallSchema = z.object({
  ticketId: z.string(),
  formattedNumber: z.string(),
  deskId: orNull(z.number().int()),
  deskLabel: z.string(),
  at: answerDateTimeSchema,
  recall: z.boolean(),
  room: maybe(z.string()),
});
export type DisplayedCall = z.infer<typeof displayedCallSchema>;
export const lastCallsResponseSchema = z.object({
  officePlaceId: z.number().int(),
  calls: z.array(displayedCallSchema),
});

/**
 * `POST /api/kioskTicket/reportVerifiedStatus` (desk extension, docs/desk-extensions.md): a desk tells
 * the office what it read from the medical system with getAppointmentById. Forward only, idempotent,
 * never on a cancelled ticket; `applied` says whether the ticket moved.
 */
export const reportVerifiedStatusRequestSchema = z.looseObject({
  licenceUuid,
  ticketId: z.string().min(1).max(128),
  status: verifiedStatusSchema,
  deskId: z.number().int().nullable(),
  deskLabel: z.string().min(1).max(64),
});
export const reportVerifiedStatusResponseSchema = z.object({ ticket: deskTicketSchema, applied: z.boolean() });

/** Desk extension paths kept apart from TICKET_SERVICE_PATHS (the OpenAPI suite enumerates that map). */
export const DESK_DISPLAY_PATHS = {
  lastCalls: '/api/kioskTicket/lastCalls',
} as const;
export const DESK_VERIFICATION_PATHS = {
  reportVerifiedStatus: '/api/kioskTicket/reportVerifiedStatus',
} as const;
