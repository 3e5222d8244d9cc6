import type { AdminSession } from '../../../src-shared/ipc/features/admin.contract';
import type { User } from '../../../src-shared/platform/admin';

/** An admin (not superadmin) of the Lyon licence, as the admin tests sign in. */
export const adminUser: User = {
  id: 2,
  email: 'admin@formation.example',
  firstName: 'Alice',
  lastName: 'Admin',
  phone: '',
  role: 'admin',
  defaultLicenceId: 1,
  canAccessCockpit: false,
  grantedLicenceIds: [2],
  activated: true,
};

export const adminSession: AdminSession = {
  user: adminUser,
  currentLicence: { id: 1, name: 'Lyon' },
  accessibleLicences: [{ id: 1, name: 'Lyon' }],
  tokenExpiresAt: '2026-11-23T18:00:00.000Z',
};
