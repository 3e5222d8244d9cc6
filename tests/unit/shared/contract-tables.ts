import fc from 'fast-check';

/**
 * The field tables of the answers the desk reads, written from the spec text
 * (spec/kiosk-integration-contract.md, DESIGN.md §2, docs/desk-extensions.md), NOT
 * from src-shared's zod schemas: a test sharing the client's assumptions proves nothing.
 *
 * Presence, as the specs state it:
 * - `required`: in a response shape without `?` (`{patient, appointment, …}`), or where
 *   the spec says "not shown" and the desk documents that it cannot work without it
 *   (patient id, names, birth date; appointment id, patientId, startDate, status);
 * - `optional`: marked `?`/"optional", or a field of the Patient/Appointment tables;
 * - `nullable`: typed "T or null" / "nullable" (the one "no value" is `null`);
 * - `list`: a nested list whose "none" may come as `[]`, `null` or nothing.
 */

export type Spec =
  | { kind: 'scalar'; gen: fc.Arbitrary<unknown>; wrong: unknown; dateLike?: boolean }
  | { kind: 'object'; fields: Record<string, Field> }
  | { kind: 'array'; item: Spec }
  | { kind: 'vendorData' };
export type Presence = 'required' | 'optional' | 'nullable' | 'list';
export interface Field {
  presence: Presence;
  spec: Spec;
}

/** Every generated text carries this mark, so a test can tell that a message holds no value. */
export const VALUE_MARK = 'v§';

const text: Spec = { kind: 'scalar', gen: fc.string({ maxLength: 10 }).map((value) => VALUE_MARK + value), wrong: 42 };
/** Opaque ids: `~` (the reference publisher's `{id}~{visibleId}`), `/`, `?`, spaces, accents… at most 128 characters. */
const id: Spec = {
  kind: 'scalar',
  gen: fc
    .array(fc.oneof(fc.constantFrom('~', '/', '?', '#', '%', ' ', '+', '&', '=', 'é', '!#!', '.'), fc.string({ minLength: 1, maxLength: 6 })), { maxLength: 6 })
    .map((parts) => (VALUE_MARK + parts.join('')).slice(0, 128)),
  wrong: 42,
};
const integer: Spec = { kind: 'scalar', gen: fc.integer({ min: 0, max: 99_999 }), wrong: '12' };
const number: Spec = { kind: 'scalar', gen: fc.double({ min: 0, max: 300, noNaN: true, noDefaultInfinity: true }).map((value) => value + 0), wrong: '72.5' };
const boolean: Spec = { kind: 'scalar', gen: fc.boolean(), wrong: 'true' };
const oneOf = (...values: string[]): Spec => ({ kind: 'scalar', gen: fc.constantFrom(...values), wrong: 7 });

const day = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true });
const date: Spec = { kind: 'scalar', gen: day.map((value) => value.toISOString().slice(0, 10)), wrong: 20_260_101, dateLike: true };
const pad = (value: number) => String(value).padStart(2, '0');
/** Date-times as servers write them: with or without fractional seconds, `Z` or any `±hh:mm` offset. */
const dateTime: Spec = {
  kind: 'scalar',
  gen: fc
    .record({
      at: day,
      fraction: fc.constantFrom('', '.000', '.5', '.123456'),
      offsetMinutes: fc.option(fc.integer({ min: -12 * 60, max: 14 * 60 }).map((minutes) => minutes - (minutes % 15)), { nil: null }),
    })
    .map(({ at, fraction, offsetMinutes }) => {
      const wall = at.toISOString().slice(0, 19);
      if (offsetMinutes === null) return `${wall}${fraction}Z`;
      const sign = offsetMinutes < 0 ? '-' : '+';
      const size = Math.abs(offsetMinutes);
      return `${wall}${fraction}${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
    }),
  wrong: 1_767_225_600_000,
  dateLike: true,
};

const object = (fields: Record<string, Field>): Spec => ({ kind: 'object', fields });
const required = (spec: Spec): Field => ({ presence: 'required', spec });
const optional = (spec: Spec): Field => ({ presence: 'optional', spec });
const nullable = (spec: Spec): Field => ({ presence: 'nullable', spec });
const list = (item: Spec): Field => ({ presence: 'list', spec: { kind: 'array', item } });
const array = (item: Spec): Spec => ({ kind: 'array', item });
const vendorData = optional({ kind: 'vendorData' });

/** PractitionerRef: `name` (string), `rppsId` (string, optional). */
const practitionerRef = object({ name: required(text), rppsId: optional(text) });

/** Patient table; "Required fields of the patient record: not shown". */
const patient = object({
  id: required(id),
  firstName: required(text),
  lastName: required(text),
  birthName: optional(text),
  birthDate: required(date),
  sex: optional(oneOf('male', 'female')),
  email: optional(text),
  mobilePhone: optional(text),
  phone: optional(text),
  // `line1`, `line2` (nullable), `zipCode`, `city`.
  address: optional(object({ line1: optional(text), line2: nullable(text), zipCode: optional(text), city: optional(text) })),
  socialSecurityId: optional(text),
  heightCm: optional(number),
  weightKg: optional(number),
  referringPractitioner: optional(practitionerRef),
  vendorData,
});

const APPOINTMENT_STATUSES = ['scheduled', 'cancelled', 'checkedIn', 'inCare', 'done', 'closed'];

/** Appointment table. */
const appointment = object({
  id: required(id),
  patientId: required(id),
  startDate: required(dateTime),
  convocationDate: optional(dateTime),
  endDate: optional(dateTime),
  locationId: optional(id),
  locationLabel: optional(text),
  examId: optional(id),
  examTypeId: optional(id),
  examLabel: optional(text),
  practitionerId: optional(id),
  practitionerLabel: optional(text),
  roomId: optional(id),
  roomLabel: optional(text),
  status: required(oneOf(...APPOINTMENT_STATUSES)),
  awaitingExternalNotification: optional(boolean),
  prescriber: nullable(practitionerRef),
  ticketNumber: nullable(integer),
  ticketNumberFormatted: nullable(text),
  managementPageUrl: optional(text),
  preparatorySurveyCompleted: optional(boolean),
  vendorData,
});

/** `{patient: Patient, appointment: Appointment, otherAppointments: Appointment[], vendorData?}` (by-code, by-id, by-ticket). */
export const appointmentPair = object({ patient: required(patient), appointment: required(appointment), otherAppointments: list(appointment), vendorData });

export const PUBLISHER_ANSWERS = {
  /** `{offices: [{officeId, officeVisibleId, name}], userEmail, userDisplayName}` */
  staffSignIn: object({
    offices: required(array(object({ officeId: required(id), officeVisibleId: required(id), name: required(text) }))),
    userEmail: required(text),
    userDisplayName: required(text),
  }),
  /** `{patients: [{patient, appointments[]}], vendorData?}`; "a patient found with no appointment today is returned with `appointments: []`". */
  identifyPatients: object({ patients: required(array(object({ patient: required(patient), appointments: list(appointment) }))), vendorData }),
  getAppointmentById: appointmentPair,
  getAppointmentByCode: appointmentPair,
  getAppointmentByTicket: appointmentPair,
  /** `{ticketNumber?, ticketNumberFormatted?, vendorData?}` */
  checkInAppointment: object({ ticketNumber: optional(integer), ticketNumberFormatted: optional(text), vendorData }),
  /** `200 {status}` */
  setAppointmentStatus: object({ status: required(oneOf(...APPOINTMENT_STATUSES)) }),
  /** `{ready: boolean, reason?, vendorData?}`; reason takes notificationDisabled or notificationNotConfigured. */
  getNotificationReadiness: object({ ready: required(boolean), reason: optional(oneOf('notificationDisabled', 'notificationNotConfigured')), vendorData }),
  /** Configuration routes: `{officePlaces: [{id, name}]}` … */
  officePlaces: object({ officePlaces: required(array(object({ id: required(id), name: required(text) }))) }),
  examTypes: object({ examTypes: required(array(object({ id: required(id), name: required(text), ticketPrefix: optional(text) }))) }),
  exams: object({ exams: required(array(object({ id: required(id), name: required(text), examTypeId: required(id) }))) }),
  practitioners: object({ practitioners: required(array(object({ id: required(id), name: required(text), rppsId: optional(text) }))) }),
  rooms: object({ rooms: required(array(object({ id: required(id), name: required(text) }))) }),
  documentTypes: object({ documentTypes: required(array(object({ documentType: required(text), label: required(text) }))) }),
} satisfies Record<string, Spec>;

/** DeskTicket (DESIGN.md §3, docs/desk-extensions.md): `lastCall?`; `contractAppointmentId|null`; names null when absent. */
export const deskTicket = object({
  ticketId: required(id),
  number: required(integer),
  formattedNumber: required(text),
  day: required(date),
  officePlaceId: required(integer),
  contractAppointmentId: nullable(id),
  status: required(oneOf('issued', 'checkedIn', 'inCare', 'done', 'closed', 'cancelled')),
  patientDisplayName: nullable(text),
  examLabel: nullable(text),
  source: required(oneOf('kiosk', 'desk', 'publisher')),
  issuedAt: required(dateTime),
  updatedAt: required(dateTime),
  lastCall: optional(object({ deskId: nullable(integer), deskLabel: required(text), at: required(dateTime) })),
});

export const PLATFORM_ANSWERS = {
  /** Contract: `{number, formattedNumber}`; the platform's OpenAPI adds `day`. */
  issueForAppointment: object({ number: required(integer), formattedNumber: required(text), day: optional(date) }),
  appointmentStatusChanged: object({ updated: required(integer) }),
  cancelForAppointment: object({ cancelled: required(integer) }),
  /** `{settings: [{officePlaceId: integer|null (null = global), enabled, excludedAnomalyCodes: string[]}], features: {}}` */
  getCheckinNotifySettings: object({
    settings: required(array(object({ officePlaceId: nullable(integer), enabled: required(boolean), excludedAnomalyCodes: list(text) }))),
    // An open object (`{}` today): kept whole, like vendorData.
    features: optional({ kind: 'vendorData' }),
  }),
  /** `{printed: boolean, deviceExternalId: string|null}` */
  printTicket: object({ printed: required(boolean), deviceExternalId: nullable(id) }),
  /** `{day, tickets: DeskTicket[]}` plus the resume cursor `lastEventId`. */
  listForDay: object({ day: required(date), tickets: required(array(deskTicket)), lastEventId: optional(integer) }),
  /** `{ticket}` */
  callTicket: object({ ticket: required(deskTicket) }),
} satisfies Record<string, Spec>;
