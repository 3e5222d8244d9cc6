/**
 * What the desk's patient search accepts, and the one reason it gives when it cannot search
 * yet: the check-in form names that reason (too long, wrong number format, a field missing)
 * instead of one message for every case.
 */
export const NAME_MAX = 128;
export const SOCIAL_SECURITY_ID_MAX = 64;

/**
 * A French social security number: 13 characters (sex, year, month, department — 2A / 2B in
 * Corsica —, commune, order) then a 2-digit key; spaces are the reader's, not the number's.
 */
const SOCIAL_SECURITY_ID = /^[0-9]{5}(?:[0-9]{2}|2[AB])[0-9]{6}[0-9]{2}$/;

export function socialSecurityIdShape(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export type SearchProblem =
  | { kind: 'lastNameTooLong' | 'firstNameTooLong'; max: number; length: number }
  | { kind: 'socialSecurityIdFormat' }
  | { kind: 'needed' | 'lastNameMissing' | 'birthDateMissing' };

export interface SearchFields {
  lastName: string;
  firstName: string;
  /** ISO date, or '' while no complete date is typed. */
  birthDate: string;
  socialSecurityId: string;
}

/** Why this search cannot be made, first cause first; null when it can. */
export function searchProblem(fields: SearchFields): SearchProblem | null {
  const lastName = fields.lastName.trim();
  const firstName = fields.firstName.trim();
  if (lastName.length > NAME_MAX) return { kind: 'lastNameTooLong', max: NAME_MAX, length: lastName.length };
  if (firstName.length > NAME_MAX) return { kind: 'firstNameTooLong', max: NAME_MAX, length: firstName.length };
  const ssn = socialSecurityIdShape(fields.socialSecurityId);
  if (ssn) return SOCIAL_SECURITY_ID.test(ssn) ? null : { kind: 'socialSecurityIdFormat' };
  if (lastName && fields.birthDate) return null;
  if (lastName) return { kind: 'birthDateMissing' };
  return fields.birthDate ? { kind: 'lastNameMissing' } : { kind: 'needed' };
}
