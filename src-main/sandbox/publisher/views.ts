import type { Appointment, AppointmentPair, Patient } from '../../../src-shared/publisher/schemas';
import type { SandboxAppointment } from '../world/types';
import { EDITABLE_PATIENT_FIELDS } from './patient-fields';
import type { PublisherState } from './state';

/**
 * Contract projections of the stored entities. Fields are picked one by one so
 * the sandbox's bookkeeping (convocation code, stored pages, check-in record, …)
 * never leaks into an answer.
 */
export interface ViewOptions {
  /** Minimal call-queue form: a publisher without a call queue has no tickets to show. */
  withTickets: boolean;
  /** identify never carries vendorData. */
  withVendorData: boolean;
}

export function appointmentView(state: PublisherState, appointment: SandboxAppointment, options: ViewOptions): Appointment {
  return {
    id: appointment.id,
    patientId: appointment.patientId,
    startDate: appointment.startDate,
    ...(appointment.convocationDate ? { convocationDate: appointment.convocationDate } : {}),
    ...(appointment.endDate ? { endDate: appointment.endDate } : {}),
    ...(appointment.locationId ? { locationId: appointment.locationId } : {}),
    ...(appointment.locationLabel ? { locationLabel: appointment.locationLabel } : {}),
    ...(appointment.examId ? { examId: appointment.examId } : {}),
    ...(appointment.examTypeId ? { examTypeId: appointment.examTypeId } : {}),
    ...(appointment.examLabel ? { examLabel: appointment.examLabel } : {}),
    ...(appointment.practitionerId ? { practitionerId: appointment.practitionerId } : {}),
    ...(appointment.practitionerLabel ? { practitionerLabel: appointment.practitionerLabel } : {}),
    ...(appointment.roomId ? { roomId: appointment.roomId } : {}),
    ...(appointment.roomLabel ? { roomLabel: appointment.roomLabel } : {}),
    status: appointment.status,
    awaitingExternalNotification: appointment.awaitingExternalNotification ?? false,
    prescriber: appointment.prescriber ? { ...appointment.prescriber } : null,
    ticketNumber: options.withTickets ? (appointment.ticketNumber ?? null) : null,
    ticketNumberFormatted: options.withTickets ? (appointment.ticketNumberFormatted ?? null) : null,
    ...(appointment.managementPageUrl ? { managementPageUrl: appointment.managementPageUrl } : {}),
    ...(appointment.preparatorySurveyCompleted !== undefined ? { preparatorySurveyCompleted: appointment.preparatorySurveyCompleted } : {}),
    ...(options.withVendorData ? { vendorData: state.vendorData('appointment', appointment.id) } : {}),
  };
}


export function patientView(state: PublisherState, patient: Patient, options: Pick<ViewOptions, 'withVendorData'>): Patient {
  const view: Patient = { id: patient.id, firstName: patient.firstName, lastName: patient.lastName, birthDate: patient.birthDate };
  for (const field of EDITABLE_PATIENT_FIELDS) {
    const value = patient[field];
    // Nested objects are copied: a view must not alias the stored patient.
    if (value !== undefined && value !== null) Object.assign(view, { [field]: typeof value === 'object' ? { ...value } : value });
  }
  if (options.withVendorData) view.vendorData = state.vendorData('patient', patient.id);
  return view;
}

/** by-code, by-id and by-ticket: the appointment, its patient and the patient's other appointments of the day. */
export function pairView(state: PublisherState, appointment: SandboxAppointment, withTickets: boolean): AppointmentPair {
  const options = { withTickets, withVendorData: true };
  return {
    patient: patientView(state, state.patientOf(appointment), options),
    appointment: appointmentView(state, appointment, options),
    otherAppointments: state
      .appointmentsOfTheDay(appointment.patientId)
      .filter((other) => other.id !== appointment.id)
      .map((other) => appointmentView(state, other, options)),
  };
}
