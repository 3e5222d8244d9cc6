import { describe, expect, it } from 'vitest';
import { searchProblem } from '../../../src-shared/checkin/search-criteria';

const none = { lastName: '', firstName: '', birthDate: '', socialSecurityId: '' };

describe('why a desk search cannot be made', () => {
  it('takes a social security number of 13 characters (2A / 2B in Corsica) and a 2-digit key, spaces or not', () => {
    for (const number of ['285046912345678', '2 85 04 69 123 456 78', '1720 92A 123 456 12', '172092b12345612']) {
      expect(searchProblem({ ...none, socialSecurityId: number })).toBeNull();
    }
    for (const number of ['28504691234567', '2850469123456789', '28504691234567X', '2850X691234567', 'abc']) {
      expect(searchProblem({ ...none, socialSecurityId: number })).toEqual({ kind: 'socialSecurityIdFormat' });
    }
  });

  it('names the first cause: length before format before what is missing', () => {
    expect(searchProblem({ ...none, lastName: 'x'.repeat(129), socialSecurityId: '1' })).toEqual({ kind: 'lastNameTooLong', max: 128, length: 129 });
    expect(searchProblem({ ...none, lastName: ` ${'x'.repeat(128)} ` , birthDate: '1985-04-12' })).toBeNull();
    expect(searchProblem({ ...none, firstName: 'x'.repeat(129) })).toMatchObject({ kind: 'firstNameTooLong' });
    expect(searchProblem(none)).toEqual({ kind: 'needed' });
    expect(searchProblem({ ...none, lastName: 'Garnier' })).toEqual({ kind: 'birthDateMissing' });
    expect(searchProblem({ ...none, birthDate: '1985-04-12' })).toEqual({ kind: 'lastNameMissing' });
  });
});
