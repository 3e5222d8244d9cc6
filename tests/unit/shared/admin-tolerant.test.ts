import { describe, expect, it } from 'vitest';
import { licenceSchema, profileResponseSchema, publisherIntegrationSchema, userSchema } from '../../../src-shared/platform/admin';

/** The administration service's answers read tolerantly: what the spec does not require may be null or left out. */
const user = { id: 3, email: 'a@b.example', role: 'admin', canAccessCockpit: false, activated: true };

describe('admin answers: tolerant reading', () => {
  it('a user without names, phone, default licence or grants reads with one "no value" per field', () => {
    const read = userSchema.parse({ ...user, firstName: null, phone: null, grantedLicenceIds: null });
    expect(read).toEqual({ ...user, firstName: '', lastName: '', phone: '', defaultLicenceId: null, grantedLicenceIds: [] });
  });

  it('a licence without assignedFlavor reads as unassigned (null)', () => {
    const licence = { id: 1, uuid: 'u', name: 'L', activeIntegration: 'NONE', accountKey: 'k', officePlaceIds: [] };
    expect(licenceSchema.parse(licence).assignedFlavor).toBeNull();
  });

  it('integration URLs left out read as null, office ids as empty text', () => {
    expect(publisherIntegrationSchema.parse({ licenceId: 1 })).toEqual({
      licenceId: 1,
      officeId: '',
      officeVisibleId: '',
      targetUrl: null,
      contractBaseUrl: null,
      configServiceBaseUrl: null,
    });
  });

  it('a token expiry with an offset is read; a required field missing is still refused by name', () => {
    const profile = { user: { ...user, firstName: 'A', lastName: 'B', phone: '' }, currentLicenceId: 1, currentLicence: { id: 1, name: 'L' } };
    expect(profileResponseSchema.parse({ ...profile, tokenExpiresAt: '2030-01-02T09:00:00.123+01:00' }).tokenExpiresAt).toBe('2030-01-02T09:00:00.123+01:00');
    const missing = profileResponseSchema.safeParse({ ...profile, user: { ...profile.user, email: undefined }, tokenExpiresAt: '2030-01-02T08:00:00Z' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['user.email']);
  });
});
