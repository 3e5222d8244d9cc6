import type { Patient, PatientUpdate } from '../../../../src-shared/publisher/schemas';
import { normalizeSocialSecurityId } from '../identify';
import { errors } from '../errors';
import { noContent, operation, type PublisherContext } from '../operation';
import { EDITABLE_PATIENT_FIELDS } from '../patient-fields';
import { appointmentParams, patientParams, patientPatchBody, prescriberBody } from '../requests';


/** PATCH semantics: absent = unchanged, null = cleared (the schema refuses null on identity fields). */
function applyUpdate(patient: Patient, update: PatientUpdate): void {
  for (const field of EDITABLE_PATIENT_FIELDS) {
    const value = update[field];
    if (value === undefined) continue;
    if (value === null) delete patient[field];
    // Nested objects are copied: the stored patient must not alias the request.
    else Object.assign(patient, { [field]: typeof value === 'object' ? { ...value } : value });
  }
  if (typeof update.socialSecurityId === 'string') patient.socialSecurityId = normalizeSocialSecurityId(update.socialSecurityId);
  if (update.address) patient.address = { ...update.address, line2: update.address.line2 ?? null };
}

/** Patient edit and prescriber: 204 on success; the minimal form is 204 with no effect. */
export function patientRoutes(context: PublisherContext): void {
  const { state, behaviour } = context;

  operation(context, {
    method: 'PATCH',
    path: '/patients/:patientId',
    auth: 'KD',
    encryption: 'contract',
    params: patientParams,
    body: patientPatchBody,
    handle: ({ params, body }) => {
      if (behaviour.minimal.patientEdit) return noContent();
      const patient = state.getPatient(params.patientId);
      if (!patient) throw errors.unknownPatient();
      state.noteVendorData('patient', patient.id, body.context?.vendorData);
      applyUpdate(patient, body.patient);
      state.touch('patient', patient.id);
      return noContent();
    },
  });

  // Not an appointmentOperation: the minimal form answers 204 before looking the appointment up, even an unknown one.
  operation(context, {
    method: 'PUT',
    path: '/appointments/:appointmentId/prescriber',
    auth: 'KD',
    encryption: 'contract',
    params: appointmentParams,
    body: prescriberBody,
    handle: ({ params, body }) => {
      if (behaviour.minimal.patientEdit) return noContent();
      const appointment = state.requireAppointment(params.appointmentId);
      state.noteVendorData('appointment', appointment.id, body.context?.vendorData);
      const { name, rppsId } = body.prescriber;
      // Idempotent: the same prescriber twice changes nothing, not even the revision.
      if (appointment.prescriber?.name !== name || appointment.prescriber?.rppsId !== rppsId) {
        appointment.prescriber = rppsId === undefined ? { name } : { name, rppsId };
        state.touch('appointment', appointment.id);
      }
      return noContent();
    },
  });
}
