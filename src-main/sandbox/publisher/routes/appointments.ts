import { appointmentOperation } from '../appointment-operation';
import { errors } from '../errors';
import { ok, operation, type PublisherContext } from '../operation';
import { byTicketBody, codeParams } from '../requests';
import { appointmentsWithTicket } from '../tickets';
import { pairView } from '../views';

/**
 * The three ways to load an appointment pair: by convocation code (QR), by id
 * (canonical reload, and the platform's re-verification: status and startDate
 * exact), and by ticket + birth date (patient mobile app; this project's route:
 * POST /appointments/by-ticket, K+D, clear or encrypted at the caller's choice).
 */
export function appointmentRoutes(context: PublisherContext): void {
  const { state, behaviour } = context;
  const withTickets = !behaviour.minimal.callQueue;

  operation(context, {
    method: 'GET',
    path: '/appointments/by-code/:code',
    auth: 'KD',
    encryption: 'contract',
    params: codeParams,
    handle: ({ params }) => {
      if (behaviour.minimal.convocationCodes) throw errors.unknownAppointment();
      const appointment = state.world.appointments.find((candidate) => candidate.convocationCode === params.code);
      if (!appointment) throw errors.unknownAppointment();
      return ok(pairView(state, appointment, withTickets));
    },
  });

  appointmentOperation(context, {
    method: 'GET',
    path: '/appointments/:appointmentId',
    auth: 'KD',
    encryption: 'contract',
    handle: ({ appointment }) => ok(pairView(state, appointment, withTickets)),
  });

  operation(context, {
    method: 'POST',
    path: '/appointments/by-ticket',
    auth: 'KD',
    // Outside the 10 operations (a patient app may hold no public key), yet a patient pair: sealed when the caller encrypts.
    encryption: 'optional',
    body: byTicketBody,
    handle: ({ body }) => {
      // A publisher without a call queue has no ticket to resolve.
      if (behaviour.minimal.callQueue) throw errors.unknownAppointment();
      // Ticket numbers are recycled per office place: the place is part of the key.
      const place = state.world.officePlaces.find((candidate) => candidate.visibleId === body.officePlaceVisibleId);
      if (!place) throw errors.unknownAppointment();
      const matches = appointmentsWithTicket(state.world, place.id, body.ticketNumber, (appointment) => state.isToday(appointment)).filter(
        (appointment) => appointment.status !== 'cancelled' && state.getPatient(appointment.patientId)?.birthDate === body.birthDate,
      );
      // One journey shares one ticket: several matches of one patient resolve to the earliest
      // appointment still in progress (the others come back in otherAppointments).
      const patients = new Set(matches.map((appointment) => appointment.patientId));
      if (matches.length === 0 || patients.size > 1) throw errors.unknownAppointment();
      const byStart = [...matches].sort((a, b) => a.startDate.localeCompare(b.startDate));
      const main = byStart.find((appointment) => appointment.status !== 'done' && appointment.status !== 'closed') ?? byStart[0]!;
      return ok(pairView(state, main, withTickets));
    },
  });
}
