import type { z } from 'zod';
import {
  appointmentPairSchema,
  checkInResponseSchema,
  CONFIG_ROUTES,
  identifyResponseSchema,
  notificationReadinessSchema,
  setStatusResponseSchema,
  staffSignInResponseSchema,
} from '../../src-shared/publisher/schemas';

/** `K` routes carry the account key only; `KD` routes add the device id (contract, Authentication §4). */
export type AuthLevel = 'K' | 'KD';

/**
 * One contract operation as the transport needs it. `encrypted` marks the ten
 * kiosk-originated operations of the contract's end-to-end encryption: only those
 * are sealed when the profile holds the publisher's public key.
 */
export interface Operation<S extends z.ZodType = z.ZodType> {
  /** The contract's operation name: used in error messages and logs instead of the path (ids stay out). */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  auth: AuthLevel;
  encrypted: boolean;
  schema: S;
}

export const OPERATIONS = {
  staffSignIn: { name: 'staffSignIn', method: 'POST', auth: 'K', encrypted: false, schema: staffSignInResponseSchema },
  identifyPatients: { name: 'identifyPatients', method: 'POST', auth: 'KD', encrypted: true, schema: identifyResponseSchema },
  getAppointmentByCode: { name: 'getAppointmentByCode', method: 'GET', auth: 'KD', encrypted: true, schema: appointmentPairSchema },
  getAppointmentById: { name: 'getAppointmentById', method: 'GET', auth: 'KD', encrypted: true, schema: appointmentPairSchema },
  checkInAppointment: { name: 'checkInAppointment', method: 'POST', auth: 'KD', encrypted: true, schema: checkInResponseSchema },
  getNotificationReadiness: {
    name: 'getNotificationReadiness',
    method: 'GET',
    auth: 'KD',
    encrypted: true,
    schema: notificationReadinessSchema,
  },
  // Key only and never encrypted (TLS only): the contract's PUT status is a platform-side call.
  setAppointmentStatus: { name: 'setAppointmentStatus', method: 'PUT', auth: 'K', encrypted: false, schema: setStatusResponseSchema },
  // Outside the ten: the sandbox (and the reference publisher) serve it in clear, since a
  // patient app may hold no public key (docs/sandbox-publisher.md).
  getAppointmentByTicket: { name: 'getAppointmentByTicket', method: 'POST', auth: 'KD', encrypted: false, schema: appointmentPairSchema },
} as const satisfies Record<string, Operation>;

export type ConfigRouteName = keyof typeof CONFIG_ROUTES;
export type ConfigAnswer<N extends ConfigRouteName> = z.output<(typeof CONFIG_ROUTES)[N]['schema']>;

/** The six `/config/*` routes: key only, never encrypted. */
export function configOperation<N extends ConfigRouteName>(name: N): Operation<(typeof CONFIG_ROUTES)[N]['schema']> {
  return { name: `config ${CONFIG_ROUTES[name].path}`, method: 'GET', auth: 'K', encrypted: false, schema: CONFIG_ROUTES[name].schema };
}

/** Ids are opaque (`A5000~RDV24000`, codes with `/`…): always one encoded path segment. */
export function segment(id: string): string {
  return encodeURIComponent(id);
}

export interface ReadinessQuery {
  identifiedWithHealthCard?: boolean;
  sequenceNumber?: number;
  examId?: string;
  otherExamIds?: readonly string[];
}

/** The readiness query as the contract spells it: booleans as text, `otherExamIds` comma-separated. */
export function readinessQueryString(query: ReadinessQuery): string {
  const params = new URLSearchParams();
  if (query.identifiedWithHealthCard !== undefined) params.set('identifiedWithHealthCard', String(query.identifiedWithHealthCard));
  if (query.sequenceNumber !== undefined) params.set('sequenceNumber', String(query.sequenceNumber));
  if (query.examId !== undefined) params.set('examId', query.examId);
  if (query.otherExamIds !== undefined && query.otherExamIds.length > 0) params.set('otherExamIds', query.otherExamIds.join(','));
  const text = params.toString();
  return text ? `?${text}` : '';
}
