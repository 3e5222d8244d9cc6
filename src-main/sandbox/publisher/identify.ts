import type { Patient } from '../../../src-shared/publisher/schemas';

/**
 * Patient identification rules (contract, "Behavioural rules, identify"), kept
 * pure so every decision is testable without HTTP:
 * - every supplied criterion must match (combine ALL);
 * - socialSecurityId leads: only its holders are candidates, and the identity
 *   criteria then pick the beneficiary on a family card; if several different
 *   people remain, the answer is doubtful and nobody is returned;
 * - without socialSecurityId the minimum useful is birthDate, or lastName +
 *   firstName; weaker criteria find nobody (200, no error);
 * - with twoFieldsIdentification, an empty strict search is followed by the
 *   crossed pairs lastName+birthDate, firstName+birthDate, lastName+firstName.
 */
export interface IdentifyCriteria {
  socialSecurityId?: string;
  lastName?: string;
  firstName?: string;
  birthDate?: string;
}

export const MAX_IDENTIFIED_PATIENTS = 10;

/**
 * Case-, accent- and separator-insensitive form of a name: kiosk keyboards and
 * health cards disagree on hyphens, apostrophes and spaces ("D'Arc-Lefèvre",
 * "DARC LEFEVRE" and "darclefevre" are the same name).
 */
export function normalizeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Stored without spaces; the lookup tolerates them (and lower-case Corsican 2a/2b). */
export function normalizeSocialSecurityId(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

type Field = 'lastName' | 'firstName' | 'birthDate';

function clean(criteria: IdentifyCriteria): IdentifyCriteria {
  const out: IdentifyCriteria = {};
  const ssn = criteria.socialSecurityId === undefined ? '' : normalizeSocialSecurityId(criteria.socialSecurityId);
  if (ssn) out.socialSecurityId = ssn;
  const lastName = criteria.lastName === undefined ? '' : normalizeName(criteria.lastName);
  if (lastName) out.lastName = lastName;
  const firstName = criteria.firstName === undefined ? '' : normalizeName(criteria.firstName);
  if (firstName) out.firstName = firstName;
  if (criteria.birthDate) out.birthDate = criteria.birthDate;
  return out;
}

function fieldMatches(patient: Patient, field: Field, wanted: string): boolean {
  switch (field) {
    case 'birthDate':
      return patient.birthDate === wanted;
    case 'firstName':
      return normalizeName(patient.firstName) === wanted;
    case 'lastName':
      // A married patient may give her birth name.
      return normalizeName(patient.lastName) === wanted || (patient.birthName !== undefined && normalizeName(patient.birthName) === wanted);
  }
}

function matchesAll(patient: Patient, criteria: IdentifyCriteria, fields: readonly Field[]): boolean {
  return fields.every((field) => {
    const wanted = criteria[field];
    return wanted === undefined || fieldMatches(patient, field, wanted);
  });
}

function identityOf(patient: Patient): string {
  return `${normalizeName(patient.lastName)}|${normalizeName(patient.firstName)}|${patient.birthDate}`;
}

function holdsCard(patient: Patient, ssn: string): boolean {
  return patient.socialSecurityId !== undefined && normalizeSocialSecurityId(patient.socialSecurityId) === ssn;
}

/** A known, different card number is a manifestly different identity. */
function contradictsCard(patient: Patient, ssn: string | undefined): boolean {
  return ssn !== undefined && patient.socialSecurityId !== undefined && normalizeSocialSecurityId(patient.socialSecurityId) !== ssn;
}

const IDENTITY_FIELDS: readonly Field[] = ['lastName', 'firstName', 'birthDate'];
const CROSSED_PAIRS: readonly (readonly [Field, Field])[] = [
  ['lastName', 'birthDate'],
  ['firstName', 'birthDate'],
  ['lastName', 'firstName'],
];

function strictSearch(patients: readonly Patient[], criteria: IdentifyCriteria): { found: Patient[]; doubtful: boolean } {
  const ssn = criteria.socialSecurityId;
  if (ssn !== undefined) {
    const found = patients.filter((patient) => holdsCard(patient, ssn) && matchesAll(patient, criteria, IDENTITY_FIELDS));
    // Family card and not enough identity criteria to tell who is at the kiosk: doubt → nobody.
    return new Set(found.map(identityOf)).size > 1 ? { found: [], doubtful: true } : { found, doubtful: false };
  }
  const useful = criteria.birthDate !== undefined || (criteria.lastName !== undefined && criteria.firstName !== undefined);
  return { found: useful ? patients.filter((patient) => matchesAll(patient, criteria, IDENTITY_FIELDS)) : [], doubtful: false };
}

function crossedSearch(patients: readonly Patient[], criteria: IdentifyCriteria): Patient[] {
  const found = new Set<Patient>();
  for (const pair of CROSSED_PAIRS) {
    if (pair.some((field) => criteria[field] === undefined)) continue;
    for (const patient of patients) {
      if (matchesAll(patient, criteria, pair) && !contradictsCard(patient, criteria.socialSecurityId)) found.add(patient);
    }
  }
  return patients.filter((patient) => found.has(patient));
}

export function identifyPatients(
  patients: readonly Patient[],
  rawCriteria: IdentifyCriteria,
  options: { twoFieldsIdentification: boolean },
): Patient[] {
  const criteria = clean(rawCriteria);
  const strict = strictSearch(patients, criteria);
  // A doubtful answer is not "nothing found": loosening the search would only add doubt.
  const found =
    strict.found.length === 0 && !strict.doubtful && options.twoFieldsIdentification ? crossedSearch(patients, criteria) : strict.found;
  return found.slice(0, MAX_IDENTIFIED_PATIENTS);
}
