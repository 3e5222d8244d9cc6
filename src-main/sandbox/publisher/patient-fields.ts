import type { Patient, PatientUpdate } from '../../../src-shared/publisher/schemas';

/**
 * One list for both directions: the contract requires a publisher to expose every
 * editable patient field (the kiosk pre-fills its form from them, and a field it
 * does not receive would be erased on save).
 */
export const EDITABLE_PATIENT_FIELDS = [
  'firstName',
  'lastName',
  'birthName',
  'birthDate',
  'sex',
  'email',
  'mobilePhone',
  'phone',
  'address',
  'socialSecurityId',
  'heightCm',
  'weightKg',
  'referringPractitioner',
] as const satisfies readonly (keyof PatientUpdate & keyof Patient)[];
