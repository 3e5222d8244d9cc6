import type { z } from 'zod';
import {
  appointmentStatusChangedRequestSchema,
  appointmentStatusChangedResponseSchema,
  callTicketRequestSchema,
  callTicketResponseSchema,
  cancelForAppointmentRequestSchema,
  cancelForAppointmentResponseSchema,
  checkinNotifySettingsRequestSchema,
  checkinNotifySettingsResponseSchema,
  DESK_DISPLAY_PATHS,
  deskIssueForAppointmentRequestSchema,
  issuedTicketSchema,
  lastCallsResponseSchema,
  listForDayRequestSchema,
  listForDayWithCursorResponseSchema,
  platformErrorBodySchema,
  printTicketRequestSchema,
  printTicketResponseSchema,
  TICKET_EVENT,
  TICKET_HEARTBEAT_MS,
  TICKET_READY_EVENT,
  TICKET_RESET_EVENT,
  TICKET_SERVICE_PATHS,
} from '../../../../src-shared/platform/tickets';

/**
 * The rest of what the sandbox platform serves, described for `/swagger.json`: the
 * ticket services and desk extensions (src-shared/platform/tickets.ts, built by the
 * tickets module) and the contract relay. Only described here, never served.
 */
export interface ExternalParameter {
  name: string;
  in: 'query' | 'header' | 'path';
  required: boolean;
  description: string;
}

export interface ExternalOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: 'tickets' | 'desk-extensions' | 'relay';
  security: 'accountKey' | 'none';
  parameters?: ExternalParameter[];
  body?: z.ZodType;
  /** A request body of any type, passed through (relay). */
  rawBody?: boolean;
  responses: Record<string, { description: string; schema?: z.ZodType; eventStream?: boolean; raw?: boolean }>;
}

const UNAUTHORIZED = { description: 'Bad account key or licence not resolved', schema: platformErrorBodySchema };

function ticketService(
  name: keyof typeof TICKET_SERVICE_PATHS,
  tag: ExternalOperation['tag'],
  summary: string,
  body: z.ZodType,
  response: z.ZodType,
  description?: string,
): ExternalOperation {
  return {
    method: 'POST',
    path: TICKET_SERVICE_PATHS[name],
    operationId: `kioskTicket_${name}`,
    summary,
    description,
    tag,
    security: 'accountKey',
    body,
    responses: { 200: { description: 'OK', schema: response }, 401: UNAUTHORIZED },
  };
}

const RELAY_HEADERS: ExternalParameter[] = [
  { name: 'X-Kiosk-Auth-Key', in: 'header', required: false, description: 'Contract account key, passed through to the publisher' },
  { name: 'X-Kiosk-Device-Id', in: 'header', required: false, description: 'Device id (K+D routes), passed through' },
  { name: 'X-Kiosk-Office-Id', in: 'header', required: false, description: 'Office id, passed through' },
];

function relay(method: ExternalOperation['method']): ExternalOperation {
  return {
    method,
    path: '/api/contractRelay/{path}',
    operationId: `contractRelay_${method.toLowerCase()}`,
    summary: `Relay a ${method} contract call to the licence's publisher`,
    description:
      "`path` is the contract base path followed by the contract route and may contain slashes. The platform forwards the call, headers and body (encrypted bodies unchanged) to the publisher integration's `contractBaseUrl` (else `targetUrl`) and returns its answer.",
    tag: 'relay',
    security: 'none',
    parameters: [{ name: 'path', in: 'path', required: true, description: 'Contract base path + route (slashes allowed)' }, ...RELAY_HEADERS],
    rawBody: method !== 'GET' && method !== 'DELETE',
    responses: { default: { description: "The publisher's answer, passed through", raw: true } },
  };
}

export const EXTERNAL_OPERATIONS: ExternalOperation[] = [
  ticketService('issueForAppointment', 'tickets', 'Issue (or return, same requestUid) the ticket of an appointment', deskIssueForAppointmentRequestSchema, issuedTicketSchema, 'The optional `source` field (kiosk, desk, publisher; default publisher) is a desk extension.'),
  ticketService('appointmentStatusChanged', 'tickets', 'Report a status change of an appointment', appointmentStatusChangedRequestSchema, appointmentStatusChangedResponseSchema),
  ticketService('cancelForAppointment', 'tickets', "Cancel an appointment's tickets (idempotent)", cancelForAppointmentRequestSchema, cancelForAppointmentResponseSchema),
  ticketService('getCheckinNotifySettings', 'tickets', 'Check-in notification settings per office place', checkinNotifySettingsRequestSchema, checkinNotifySettingsResponseSchema),
  ticketService('printTicket', 'tickets', 'Print a ticket on a kiosk of the office place', printTicketRequestSchema, printTicketResponseSchema),
  ticketService('listForDay', 'desk-extensions', "A day's tickets (desk extension)", listForDayRequestSchema, listForDayWithCursorResponseSchema, 'Also answers `lastEventId`: open the event stream from there so nothing between the list and the stream is missed.'),
  ticketService('callTicket', 'desk-extensions', 'Call or recall a ticket on the public displays (desk extension)', callTicketRequestSchema, callTicketResponseSchema),
  {
    method: 'GET',
    path: TICKET_SERVICE_PATHS.events,
    operationId: 'kioskTicket_events',
    summary: 'Ticket changes as Server-Sent Events (desk extension)',
    description: `One \`${TICKET_EVENT}\` event carrying the whole DeskTicket (JSON) after every change; monotonic \`id\`; resume with \`Last-Event-ID\` (or the \`lastEventId\` query parameter); \`${TICKET_READY_EVENT}\` once the replay is done; \`${TICKET_RESET_EVENT}\` when the id is too old or unknown (reload with listForDay); a heartbeat comment every ${TICKET_HEARTBEAT_MS / 1000} s.`,
    tag: 'desk-extensions',
    security: 'accountKey',
    parameters: [
      { name: 'licenceUuid', in: 'query', required: true, description: 'The licence whose tickets to follow' },
      { name: 'Last-Event-ID', in: 'header', required: false, description: 'Resume after this event id' },
    ],
    responses: { 200: { description: 'text/event-stream of `ticket` events', eventStream: true }, 401: UNAUTHORIZED },
  },
  {
    method: 'GET',
    path: DESK_DISPLAY_PATHS.lastCalls,
    operationId: 'kioskTicket_lastCalls',
    summary: 'The last calls of an office place, newest first, for public displays (desk extension)',
    tag: 'desk-extensions',
    security: 'accountKey',
    parameters: [
      { name: 'licenceUuid', in: 'query', required: true, description: 'The licence' },
      { name: 'officePlaceId', in: 'query', required: true, description: 'Office place (integer)' },
      { name: 'limit', in: 'query', required: false, description: '1 to 50, default 10' },
    ],
    responses: { 200: { description: 'OK', schema: lastCallsResponseSchema }, 401: UNAUTHORIZED },
  },
  ...(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map(relay),
];
