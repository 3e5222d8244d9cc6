import { PROGRESSION, setStatusRequestSchema, type AppointmentStatus } from '../../../../src-shared/publisher/schemas';
import { appointmentOperation } from '../appointment-operation';
import { errors } from '../errors';
import { ok, type PublisherContext } from '../operation';

const rank = (status: AppointmentStatus): number => (PROGRESSION as readonly AppointmentStatus[]).indexOf(status);

/**
 * PUT status (K only, never encrypted): forward only along checkedIn → inCare →
 * done → closed. At or past the requested status: 200 with the current status and
 * no effect. Cancelled: 400. Never arrived (scheduled): 400 too, because a desk
 * cannot move an appointment the publisher never saw arrive; arrival is check-in.
 */
export function statusRoutes(context: PublisherContext): void {
  const { state, behaviour, platform } = context;

  appointmentOperation(context, {
    method: 'PUT',
    path: '/appointments/:appointmentId/status',
    auth: 'K',
    encryption: 'never',
    body: setStatusRequestSchema,
    handle: ({ appointment, body }) => {
      const requested = body.status;
      if (appointment.status === 'cancelled') throw errors.validation('status', 'appointmentCancelled');
      if (behaviour.quirks.rejectClosed && requested === 'closed') throw errors.validation('status', 'closedNotSupported');
      if (appointment.status === 'scheduled') throw errors.validation('status', 'appointmentNotCheckedIn');
      // A no-op by contract; some publishers answer it with an echo of the request instead of their state.
      if (rank(appointment.status) >= rank(requested)) return ok({ status: behaviour.quirks.echoStatus ? requested : appointment.status });

      appointment.status = requested;
      appointment.statusHistory.push({ status: requested, at: state.timestamp() });
      state.touch('appointment', appointment.id);
      if (state.isToday(appointment)) platform.appointmentStatusChanged(appointment.id, requested);
      return ok({ status: requested });
    },
  });
}
