import { appointmentOperation } from '../appointment-operation';
import { errors } from '../errors';
import { ok, type PublisherContext } from '../operation';

/** Where the trainer's routes live, under the contract base path (outside the contract). */
export const TRAINER_REVERT_ARRIVAL_PATH = '/trainer/appointments/:appointmentId/revert-arrival';

/**
 * The trainer's side of the medical system (this project's design, never called by a
 * kiosk): what a RIS agenda does when the staff cancel an arrival by mistake. The
 * contract gives the desk no way to do it, so trainees practise the real loop: undo at
 * the desk, revert in the medical system, check in again with a fresh number.
 */
export function trainerRoutes(context: PublisherContext): void {
  const { state, platform } = context;

  appointmentOperation(context, {
    method: 'POST',
    path: TRAINER_REVERT_ARRIVAL_PATH,
    auth: 'K',
    encryption: 'never',
    handle: ({ appointment }) => {
      if (appointment.status === 'scheduled') return ok({ status: 'scheduled' });
      // Past care, or cancelled: a RIS does not turn these back into an appointment to come.
      if (appointment.status !== 'checkedIn' && appointment.status !== 'inCare') throw errors.validation('status', 'arrivalCannotBeReverted');

      appointment.status = 'scheduled';
      // The agenda forgets the arrival: the next check-in adopts a new number.
      appointment.ticketNumber = null;
      appointment.ticketNumberFormatted = null;
      appointment.checkIn = null;
      appointment.awaitingExternalNotification = false;
      appointment.statusHistory.push({ status: 'scheduled', at: state.timestamp() });
      state.touch('appointment', appointment.id);
      // Backward moves are reported too (contract: appointmentStatusChanged, "backward moves included").
      if (state.isToday(appointment)) platform.appointmentStatusChanged(appointment.id, 'scheduled');
      return ok({ status: 'scheduled' });
    },
  });
}
