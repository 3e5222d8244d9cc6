import { z } from 'zod';
import { answerDateTimeSchema, listOf, orNull } from '../publisher/tolerant';
import { deskTicketSchema } from './tickets';

/**
 * Desks that see each other (this project's desk extension, docs/desk-extensions.md):
 * each open desk announces itself and what it serves; the platform answers the office
 * place's desks, hands on the patients of a desk that stops announcing, and takes
 * transfers and absences. None of it changes the publisher's appointment status.
 */
const licenceUuid = z.string().min(1).max(64);
const label = z.string().min(1).max(64);

/** One exam type id, room or practitioner a desk serves. */
export const deskQueueChoiceSchema = z.string().min(1).max(128);

/** What a desk serves; an empty list means "every" (the default: the desk serves everything). */
export const deskQueueSchema = z.object({
  examTypeIds: listOf(deskQueueChoiceSchema),
  rooms: listOf(deskQueueChoiceSchema),
  practitioners: listOf(deskQueueChoiceSchema),
});
export type DeskQueue = z.infer<typeof deskQueueSchema>;
export const EVERYTHING: DeskQueue = { examTypeIds: [], rooms: [], practitioners: [] };

export const DESK_STATES = ['open', 'paused', 'closed'] as const;
export const deskStateSchema = z.enum(DESK_STATES);
export type DeskState = z.infer<typeof deskStateSchema>;

/** Body of `PUT /api/kioskTicket/desks/{deskId}`: the announce, repeated as a heartbeat. */
export const deskAnnounceRequestSchema = z.looseObject({
  licenceUuid,
  officePlaceId: z.number().int(),
  label,
  staffDisplayName: z.string().max(128).nullable(),
  state: deskStateSchema,
  queue: deskQueueSchema,
});
export type DeskAnnounceRequest = z.infer<typeof deskAnnounceRequestSchema>;

/** A desk of the office place as the platform knows it. `gone`: it stopped announcing (crash, network). */
export const deskPresenceSchema = z.object({
  deskId: z.number().int(),
  officePlaceId: z.number().int(),
  label: z.string(),
  staffDisplayName: orNull(z.string()),
  state: deskStateSchema,
  queue: deskQueueSchema,
  lastSeenAt: answerDateTimeSchema,
  gone: z.boolean(),
  /** The patient this desk called last and still serves (called or in care): number only. */
  serving: orNull(z.object({ ticketId: z.string(), formattedNumber: z.string() })),
});
export type DeskPresence = z.infer<typeof deskPresenceSchema>;

/** Answer of the announce and of `GET /api/kioskTicket/desks?officePlaceId=…`: the place's desks by id. */
export const officeDesksResponseSchema = z.object({ officePlaceId: z.number().int(), desks: z.array(deskPresenceSchema) });
export type OfficeDesks = z.infer<typeof officeDesksResponseSchema>;

export const officeDesksQuerySchema = z.looseObject({ licenceUuid, officePlaceId: z.coerce.number().int() });

/** A called or in-care patient sent to another desk (`toDeskId`), or back to the waiting line (null). */
export const transferTicketRequestSchema = z.looseObject({
  licenceUuid,
  ticketId: z.string().min(1).max(128),
  fromDeskId: z.number().int().nullable(),
  fromDeskLabel: label,
  toDeskId: z.number().int().nullable(),
  toDeskLabel: label.nullable(),
  note: z.string().max(200).nullable(),
});
export type TransferTicketRequest = z.infer<typeof transferTicketRequestSchema>;

/**
 * `reason` of a `409 {message, reason}` on `transferTicket` when the receiving desk has not announced
 * itself within the presence window (gone, closed or never seen): the patient would wait for a desk
 * that cannot call them. The ticket is unchanged, so no `ticket` comes with it.
 */
export const RECEIVING_DESK_ABSENT = 'receivingDeskAbsent';
export const deskRefusalSchema = z.object({ message: z.string(), reason: z.literal(RECEIVING_DESK_ABSENT) });

/** Called, did not come: set aside with the number of calls made. */
export const markAbsentRequestSchema = z.looseObject({
  licenceUuid,
  ticketId: z.string().min(1).max(128),
  deskId: z.number().int().nullable(),
  deskLabel: label,
});
export const dismissAbsentRequestSchema = z.looseObject({ licenceUuid, ticketId: z.string().min(1).max(128) });
export const deskTicketResponseSchema = z.object({ ticket: deskTicketSchema });

/** Kept apart from TICKET_SERVICE_PATHS (the OpenAPI suite enumerates that map). */
export const DESK_PRESENCE_PATHS = {
  /** `PUT {desks}/{deskId}` announces; `GET {desks}?officePlaceId=` lists. */
  desks: '/api/kioskTicket/desks',
  transferTicket: '/api/kioskTicket/transferTicket',
  markAbsent: '/api/kioskTicket/markAbsent',
  dismissAbsent: '/api/kioskTicket/dismissAbsent',
} as const;

/**
 * Server-Sent Event of `GET /api/kioskTicket/events` (beside `ticket`): the office place's desks
 * (`OfficeDesks`), sent when a desk appears, changes its state or queue, goes silent or comes back
 * (not on every heartbeat), so the other desks see it at once.
 */
export const DESK_EVENT = 'desk';

/** A desk announces this often; the board's view of the other desks is as fresh. */
export const DESK_HEARTBEAT_MS = 1_000;
/** Without an announce for this long a desk is gone (several missed heartbeats: a slow turn is not a crash). */
export const DESK_GONE_MS = 5_000;
