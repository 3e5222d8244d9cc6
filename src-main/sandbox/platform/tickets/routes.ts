import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  appointmentStatusChangedRequestSchema,
  callTicketRequestSchema,
  cancelForAppointmentRequestSchema,
  checkinNotifySettingsRequestSchema,
  DESK_DISPLAY_PATHS,
  DESK_VERIFICATION_PATHS,
  deskIssueForAppointmentRequestSchema,
  lastCallsQuerySchema,
  listForDayRequestSchema,
  printTicketRequestSchema,
  reportVerifiedStatusRequestSchema,
  TICKET_SERVICE_PATHS,
} from '../../../../src-shared/platform/tickets';
import {
  DESK_PRESENCE_PATHS,
  deskAnnounceRequestSchema,
  dismissAbsentRequestSchema,
  markAbsentRequestSchema,
  officeDesksQuerySchema,
  transferTicketRequestSchema,
} from '../../../../src-shared/platform/desks';
import { APPOINTMENT_STATUSES, appointmentStatusSchema } from '../../../../src-shared/publisher/schemas';
import type { SandboxLicence } from '../../world/types';
import type { EventLog } from './event-log';
import { authenticate, licenceUuidOf, validate } from './http';
import { TicketServiceError, type TicketDesk } from './service';

export interface RouteContext {
  desk: TicketDesk;
  licences: readonly SandboxLicence[];
  log: EventLog;
  /** Opens an SSE stream on a hijacked reply. */
  openStream: (request: FastifyRequest, reply: FastifyReply, licence: SandboxLicence, resumeFrom: string | undefined) => void;
}

/** POST route: 401 first (key + body's licenceUuid), then 400 from the schema, then the rule. */
function post<S extends z.ZodType>(
  scope: FastifyInstance,
  ctx: RouteContext,
  path: string,
  schema: S,
  handle: (licence: SandboxLicence, body: z.infer<S>) => unknown,
): void {
  scope.post(path, async (request, reply) => {
    const licence = authenticate(request, reply, ctx.licences, licenceUuidOf(request.body));
    if (!licence) return reply;
    const body = validate(schema, request.body, reply);
    if (body === null) return reply;
    return handle(licence, body);
  });
}

function queryValue(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

export function registerTicketRoutes(scope: FastifyInstance, ctx: RouteContext): void {
  const { desk } = ctx;

  // ── the platform's ticket services (DESIGN.md §2) ──
  post(scope, ctx, TICKET_SERVICE_PATHS.issueForAppointment, deskIssueForAppointmentRequestSchema, (licence, body) => {
    const ticket = desk.issue(licence, body);
    return { number: ticket.number, formattedNumber: ticket.formattedNumber, day: ticket.day };
  });

  post(scope, ctx, TICKET_SERVICE_PATHS.appointmentStatusChanged, appointmentStatusChangedRequestSchema, (licence, body) => {
    // The shared schema takes any short string; the platform only knows contract statuses.
    const status = appointmentStatusSchema.safeParse(body.status);
    if (!status.success) throw new TicketServiceError(400, `status: expected one of ${APPOINTMENT_STATUSES.join(', ')}`);
    return { updated: desk.statusChanged(licence, body.contractAppointmentId, status.data) };
  });

  post(scope, ctx, TICKET_SERVICE_PATHS.cancelForAppointment, cancelForAppointmentRequestSchema, (licence, body) => ({
    cancelled: desk.cancel(licence, body.contractAppointmentId),
  }));

  post(scope, ctx, TICKET_SERVICE_PATHS.getCheckinNotifySettings, checkinNotifySettingsRequestSchema, (licence) =>
    desk.notifySettings(licence),
  );

  post(scope, ctx, TICKET_SERVICE_PATHS.printTicket, printTicketRequestSchema, (licence, body) =>
    desk.print(licence, { officePlaceId: body.officePlaceId, kioskDeskId: body.kioskDeskId, data: body.data }),
  );

  // ── desk extensions (DESIGN.md §3, docs/desk-extensions.md) ──
  post(scope, ctx, TICKET_SERVICE_PATHS.listForDay, listForDayRequestSchema, (licence, body) => {
    // lastEventId is read before listing: both happen in one synchronous run, so the
    // list is exactly the state at that event id.
    const lastEventId = ctx.log.lastId;
    const day = body.day ?? desk.today();
    return { day, tickets: desk.list(licence, day, body.officePlaceId), lastEventId };
  });

  post(scope, ctx, TICKET_SERVICE_PATHS.callTicket, callTicketRequestSchema, (licence, body) => ({
    ticket: desk.call(licence, body),
  }));

  post(scope, ctx, DESK_VERIFICATION_PATHS.reportVerifiedStatus, reportVerifiedStatusRequestSchema, (licence, body) =>
    desk.reportVerified(licence, body),
  );

  scope.get(TICKET_SERVICE_PATHS.events, (request, reply) => {
    const licence = authenticate(request, reply, ctx.licences, queryValue(request, 'licenceUuid'));
    if (!licence) return reply;
    // The header (what EventSource sends on reconnect) wins over the query parameter,
    // which is only the position the URL was first opened with.
    const headerId = request.headers['last-event-id'];
    const fromHeader = typeof headerId === 'string' && headerId.trim() !== '' ? headerId : undefined;
    ctx.openStream(request, reply, licence, fromHeader ?? queryValue(request, 'lastEventId'));
    return reply;
  });

  registerDeskRoutes(scope, ctx);

  scope.get(DESK_DISPLAY_PATHS.lastCalls, async (request, reply) => {
    const licence = authenticate(request, reply, ctx.licences, queryValue(request, 'licenceUuid'));
    if (!licence) return reply;
    const query = validate(lastCallsQuerySchema, request.query, reply);
    if (query === null) return reply;
    desk.requirePlace(licence, query.officePlaceId);
    return { officePlaceId: query.officePlaceId, calls: desk.calls.latest(query.officePlaceId, query.limit) };
  });
}

/** Desks that see each other, transfers and absences (desk extension, docs/desk-extensions.md). */
function registerDeskRoutes(scope: FastifyInstance, ctx: RouteContext): void {
  const { desk } = ctx;
  scope.put<{ Params: { deskId: string } }>(`${DESK_PRESENCE_PATHS.desks}/:deskId`, async (request, reply) => {
    const licence = authenticate(request, reply, ctx.licences, licenceUuidOf(request.body));
    if (!licence) return reply;
    const deskId = Number(request.params.deskId);
    if (!Number.isSafeInteger(deskId)) return reply.code(400).send({ message: 'deskId: expected an integer' });
    const body = validate(deskAnnounceRequestSchema, request.body, reply);
    if (body === null) return reply;
    return { officePlaceId: body.officePlaceId, desks: desk.announce(licence, deskId, body) };
  });

  scope.get(DESK_PRESENCE_PATHS.desks, async (request, reply) => {
    const licence = authenticate(request, reply, ctx.licences, queryValue(request, 'licenceUuid'));
    if (!licence) return reply;
    const query = validate(officeDesksQuerySchema, request.query, reply);
    if (query === null) return reply;
    return { officePlaceId: query.officePlaceId, desks: desk.officeDesks(licence, query.officePlaceId) };
  });

  post(scope, ctx, DESK_PRESENCE_PATHS.transferTicket, transferTicketRequestSchema, (licence, body) => ({ ticket: desk.transfer(licence, body) }));
  post(scope, ctx, DESK_PRESENCE_PATHS.markAbsent, markAbsentRequestSchema, (licence, body) => ({ ticket: desk.markAbsent(licence, body) }));
  post(scope, ctx, DESK_PRESENCE_PATHS.dismissAbsent, dismissAbsentRequestSchema, (licence, body) => ({
    ticket: desk.dismissAbsent(licence, body.ticketId),
  }));
}
