import type { z } from 'zod';
import type { SandboxAppointment } from '../../world/types';
import { appointmentOperation } from '../appointment-operation';
import { errors } from '../errors';
import { ok, type PublisherContext } from '../operation';
import { checkInBody, notifyBody, readinessQuery } from '../requests';
import type { PublisherState } from '../state';
import { nextTicket, type Ticket } from '../tickets';

type CheckInBody = z.output<typeof checkInBody>;

/** The check-in record keeps the contract fields as received, and nothing else. */
function record(body: CheckInBody): NonNullable<SandboxAppointment['checkIn']>['request'] {
  return {
    identifiedWithHealthCard: body.identifiedWithHealthCard,
    attendantCheckIn: body.attendantCheckIn ?? false,
    deferExternalNotification: body.deferExternalNotification ?? false,
    anomalyCodes: [...body.anomalyCodes],
    documentsComplete: body.documentsComplete ?? null,
    sequence: { number: body.sequence.number, count: body.sequence.count },
    otherAppointmentsReadyForCheckIn: body.otherAppointmentsReadyForCheckIn ?? false,
    mainAppointmentId: body.mainAppointmentId ?? null,
    linkedAppointmentIds: [...(body.linkedAppointmentIds ?? [])],
    examId: body.examId ?? null,
    otherExamIds: [...(body.otherExamIds ?? [])],
    proposedTicket: body.proposedTicket ? { number: body.proposedTicket.number, formattedNumber: body.proposedTicket.formattedNumber } : null,
  };
}

/**
 * The ticket of a first check-in: the kiosk's reserved number when it proposes one
 * (printed ticket, agenda and desk must agree), else the main appointment's ticket
 * for a linked appointment of the same journey, else the publisher's own next number.
 */
function ticketFor(state: PublisherState, appointment: SandboxAppointment, body: CheckInBody): Ticket {
  if (body.proposedTicket) return { number: body.proposedTicket.number, formattedNumber: body.proposedTicket.formattedNumber };
  const main = body.mainAppointmentId ? state.getAppointment(body.mainAppointmentId) : undefined;
  if (main && main.patientId === appointment.patientId && main.ticketNumber !== null && main.ticketNumber !== undefined && main.ticketNumberFormatted) {
    return { number: main.ticketNumber, formattedNumber: main.ticketNumberFormatted };
  }
  return nextTicket(state.world, appointment);
}

/** Check-in, notification readiness, and the deferred notification (POST …/notify, this project's route). */
export function checkInRoutes(context: PublisherContext): void {
  const { state, behaviour, platform } = context;
  const callQueue = !behaviour.minimal.callQueue;

  const answer = (appointment: SandboxAppointment) =>
    // Minimal call-queue form: exactly `{}`.
    callQueue && appointment.ticketNumber !== null && appointment.ticketNumber !== undefined && appointment.ticketNumberFormatted
      ? ok({
          ticketNumber: appointment.ticketNumber,
          ticketNumberFormatted: appointment.ticketNumberFormatted,
          vendorData: state.vendorData('appointment', appointment.id),
        })
      : ok(callQueue ? { vendorData: state.vendorData('appointment', appointment.id) } : {});

  appointmentOperation(context, {
    method: 'POST',
    path: '/appointments/:appointmentId/check-in',
    auth: 'KD',
    encryption: 'contract',
    body: checkInBody,
    handle: ({ appointment, body }) => {
      state.noteVendorData('appointment', appointment.id, body.context?.vendorData);
      if (appointment.status === 'cancelled' || appointment.status === 'done') throw errors.alreadyCheckedIn(appointment.status);
      // At or past arrival: a replay after a timeout gets the EXISTING ticket, never a new one.
      if (appointment.status !== 'scheduled') return answer(appointment);

      const ticket = callQueue ? ticketFor(state, appointment, body) : null;
      appointment.status = 'checkedIn';
      appointment.ticketNumber = ticket?.number ?? null;
      appointment.ticketNumberFormatted = ticket?.formattedNumber ?? null;
      appointment.awaitingExternalNotification = body.deferExternalNotification === true;
      appointment.checkIn = { at: state.timestamp(), request: record(body) };
      if (!appointment.awaitingExternalNotification) state.notifyTeams(appointment.id);
      state.touch('appointment', appointment.id);
      if (state.isToday(appointment)) platform.appointmentStatusChanged(appointment.id, 'checkedIn');
      return answer(appointment);
    },
  });

  appointmentOperation(context, {
    method: 'GET',
    path: '/appointments/:appointmentId/notification-readiness',
    auth: 'KD',
    encryption: 'contract',
    query: readinessQuery,
    handle: ({ appointment }) => {
      // Must always answer; without a notification concept the answer is always ready.
      if (behaviour.minimal.notification) return ok({ ready: true });
      return ok({ ...appointment.readiness, vendorData: state.vendorData('appointment', appointment.id) });
    },
  });

  appointmentOperation(context, {
    method: 'POST',
    path: '/appointments/:appointmentId/notify',
    auth: 'KD',
    encryption: 'never',
    body: notifyBody,
    handle: ({ appointment }) => {
      if (appointment.status === 'scheduled' || appointment.status === 'cancelled') throw errors.notCheckedIn(appointment.status);
      // Already sent (or never deferred): 200 again, and no second notification.
      if (appointment.awaitingExternalNotification) {
        appointment.awaitingExternalNotification = false;
        state.notifyTeams(appointment.id);
        state.touch('appointment', appointment.id);
      }
      return ok({ notified: true });
    },
  });
}
