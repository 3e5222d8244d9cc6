import type { AppointmentStatus } from '../../../../src-shared/publisher/schemas';
import { identifyPatients } from '../identify';
import { ok, operation, type PublisherContext } from '../operation';
import { identifyBody, type LenientContext } from '../requests';
import { appointmentView, patientView } from '../views';

/**
 * Appointments a patient can still take through the journey: cancelled ones are
 * excluded by the contract, done and closed ones are over. Checked-in and in-care
 * ones stay, so a kiosk replaying after a timeout (or a desk reprinting) sees them.
 */
const JOURNEY_STATUSES: ReadonlySet<AppointmentStatus> = new Set(['scheduled', 'checkedIn', 'inCare']);

/** context.config wins when present (rule 1); otherwise the publisher's own configuration (rule 2). */
function twoFieldsIdentification(context: LenientContext, own: boolean): boolean {
  if (context?.config) return context.config.identification?.twoFieldsIdentification ?? false;
  return own;
}

export function identifyRoutes(context: PublisherContext): void {
  const { state, behaviour } = context;
  const withTickets = !behaviour.minimal.callQueue;

  operation(context, {
    method: 'POST',
    path: '/patients/identify',
    auth: 'KD',
    encryption: 'contract',
    body: identifyBody,
    handle: ({ body }) => {
      const patients = identifyPatients(state.world.patients, body.criteria, {
        twoFieldsIdentification: twoFieldsIdentification(body.context, behaviour.identification.twoFieldsIdentification),
      });
      // identify never carries vendorData (contract, vendorData round-trip).
      return ok({
        patients: patients.map((patient) => ({
          patient: patientView(state, patient, { withVendorData: false }),
          appointments: state
            .appointmentsOfTheDay(patient.id)
            .filter((appointment) => JOURNEY_STATUSES.has(appointment.status))
            .map((appointment) => appointmentView(state, appointment, { withTickets, withVendorData: false })),
        })),
      });
    },
  });
}
