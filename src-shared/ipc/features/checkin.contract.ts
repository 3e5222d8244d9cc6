import { z } from 'zod';
import { punctualitySettingsSchema } from '../../board/settings';
import { deskErrorCodeSchema } from '../../error-schemas';
import { contractDateSchema, contractDateTimeSchema, contractIdSchema, appointmentStatusSchema } from '../../publisher/schemas';
import { printOutcomeSchema } from './printing.contract';
import { NAME_MAX, SOCIAL_SECURITY_ID_MAX } from '../../checkin/search-criteria';
import type { ChannelSpec } from '../spec';
import type { CHECKIN_CHANNELS, CHECKIN_EVENTS } from './checkin.names';

// ── search ────────────────────────────────────────────────────────────────────
/** Name + birth date, or the social security number alone (the publisher's identify criteria). */
export const checkinSearchRequestSchema = z
  .object({
    lastName: z.string().trim().max(NAME_MAX).optional(),
    firstName: z.string().trim().max(NAME_MAX).optional(),
    birthDate: contractDateSchema.optional(),
    socialSecurityId: z.string().trim().max(SOCIAL_SECURITY_ID_MAX).optional(),
  })
  .refine((criteria) => Boolean(criteria.socialSecurityId) || (Boolean(criteria.lastName) && Boolean(criteria.birthDate)), {
    message: 'a social security number, or a last name and a birth date',
  });
export type CheckinSearchRequest = z.infer<typeof checkinSearchRequestSchema>;

/** A convocation code as a keyboard-wedge scanner types it (the publisher's free format, ≤ 512). */
export const checkinByCodeRequestSchema = z.object({ code: z.string().trim().min(1).max(512) });

/** One appointment of the day as the desk shows it; `eligible` = can be checked in now. */
export const checkinAppointmentSchema = z.object({
  id: contractIdSchema,
  startDate: contractDateTimeSchema,
  status: appointmentStatusSchema,
  examLabel: z.string().nullable(),
  examTypeId: z.string().nullable(),
  /** The appointment's office place (the contract's locationId, an id of /config/office-places): the office rule reads it. */
  locationId: z.string().nullable(),
  locationLabel: z.string().nullable(),
  practitionerLabel: z.string().nullable(),
  roomLabel: z.string().nullable(),
  ticketNumberFormatted: z.string().nullable(),
  eligible: z.boolean(),
  /** The desk undid this reception (ticket cancelled) while the medical system still records the arrival. */
  receptionUndone: z.boolean(),
  /** An arrival already recorded: when its ticket was issued, as the board shows it; null when not known or not arrived. */
  checkedInAt: contractDateTimeSchema.nullable(),
});
export type CheckinAppointment = z.infer<typeof checkinAppointmentSchema>;

export const checkinPatientSchema = z.object({
  id: contractIdSchema,
  displayName: z.string(),
  birthDate: contractDateSchema,
  appointments: z.array(checkinAppointmentSchema),
});
export type CheckinPatient = z.infer<typeof checkinPatientSchema>;

export const checkinSearchResponseSchema = z.object({
  patients: z.array(checkinPatientSchema),
  /** The margins an arrival is early or late beyond (the board settings), for the picker's marks; absent: the defaults. */
  punctuality: punctualitySettingsSchema.optional(),
});
export type CheckinSearchResponse = z.infer<typeof checkinSearchResponseSchema>;

// ── readiness ─────────────────────────────────────────────────────────────────
export const appointmentIdsSchema = z.object({ appointmentIds: z.array(contractIdSchema).min(1).max(10) });

/**
 * Whether teams will be told of the arrival: the publisher's readiness for the main
 * appointment and the platform's setting for the office place. `null` = not known
 * (that party did not answer); the check-in never waits for it.
 */
export const checkinReadinessSchema = z.object({
  publisher: z.object({ ready: z.boolean(), reason: z.enum(['notificationDisabled', 'notificationNotConfigured']).nullable() }).nullable(),
  platform: z.object({ enabled: z.boolean(), excludedAnomalyCodes: z.array(z.string()) }).nullable(),
});
export type CheckinReadiness = z.infer<typeof checkinReadinessSchema>;

// ── check-in ──────────────────────────────────────────────────────────────────
/** What became of the ticket on the desk printer: an outcome, or the reason it was not printed. */
export const checkinPrintSchema = z.union([
  z.object({ printed: z.literal(true), outcome: printOutcomeSchema }),
  z.object({ printed: z.literal(false), code: deskErrorCodeSchema }),
]);

export const checkinResultSchema = z.object({
  /** The ticket number as the publisher keeps it (the platform's when the publisher has no call queue). */
  formattedNumber: z.string().nullable(),
  /** platform: numbered in the kiosks' sequence; publisher: the platform did not answer, the publisher numbered it. */
  numberedBy: z.enum(['platform', 'publisher']).nullable(),
  mainAppointmentId: contractIdSchema,
  /** Appointments checked in, in sequence order. */
  checkedIn: z.array(contractIdSchema),
  /** Linked appointments the publisher refused after the main one was checked in (kept apart, never hidden). */
  notCheckedIn: z.array(z.object({ id: contractIdSchema, code: deskErrorCodeSchema })),
  print: checkinPrintSchema,
  readiness: checkinReadinessSchema,
});
export type CheckinResult = z.infer<typeof checkinResultSchema>;

export const checkinUndoRequestSchema = z.object({ mainAppointmentId: contractIdSchema });
export const checkinUndoResponseSchema = z.object({ cancelled: z.number().int().nonnegative() });
export const checkinAppointmentRequestSchema = z.object({ appointmentId: contractIdSchema });

export const checkinContract = {
  'checkin/search': { request: checkinSearchRequestSchema, response: checkinSearchResponseSchema },
  'checkin/byCode': { request: checkinByCodeRequestSchema, response: checkinSearchResponseSchema },
  'checkin/readiness': { request: appointmentIdsSchema, response: checkinReadinessSchema },
  'checkin/checkIn': { request: appointmentIdsSchema, response: checkinResultSchema },
  'checkin/undo': { request: checkinUndoRequestSchema, response: checkinUndoResponseSchema },
  /** The patient of one appointment read again at the medical system (what the desk may do now). */
  'checkin/reverify': { request: checkinAppointmentRequestSchema, response: checkinSearchResponseSchema },
  /** Training only: the medical system's side reverts an arrival (trainer's action); answers the patient read again. */
  'checkin/trainerRevertArrival': { request: checkinAppointmentRequestSchema, response: checkinSearchResponseSchema },
} as const satisfies Record<(typeof CHECKIN_CHANNELS)[number], ChannelSpec>;
export const checkinEvents = {} as const satisfies Record<(typeof CHECKIN_EVENTS)[number], z.ZodType>;
