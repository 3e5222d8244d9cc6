import type { SandboxUserSeed } from './types';

/**
 * The training day's people. Passwords here are training passwords, printed in the
 * README and on the sign-in screens in training mode; they open nothing real.
 */
export interface SandboxStaffAccount {
  login: string;
  password: string;
  displayName: string;
  email: string;
  role: 'reception' | 'supervisor';
  officeIds: string[];
}

export interface SandboxOffice {
  officeId: string;
  officeVisibleId: string;
  name: string;
}

export const SANDBOX_OFFICES: SandboxOffice[] = [
  { officeId: 'ofc-1', officeVisibleId: 'CIM-LYON', name: "Centre d'imagerie Lyon Part-Dieu" },
  { officeId: 'ofc-2', officeVisibleId: 'CIM-VILLEU', name: 'Cabinet de radiologie Villeurbanne' },
];

export const SANDBOX_STAFF: SandboxStaffAccount[] = [
  {
    login: 'accueil',
    password: 'formation',
    displayName: 'Élodie Mercier',
    email: 'accueil@formation.example',
    role: 'reception',
    officeIds: ['ofc-1'],
  },
  {
    login: 'superviseur',
    password: 'formation',
    displayName: 'Raphaël Lefèvre',
    email: 'superviseur@formation.example',
    role: 'supervisor',
    officeIds: ['ofc-1', 'ofc-2'],
  },
];

/** Platform administration accounts, one per role, plus one invitation never accepted. */
export const SANDBOX_PLATFORM_USERS: SandboxUserSeed[] = [
  {
    id: 1,
    email: 'super@formation.example',
    password: 'formation',
    firstName: 'Sandrine',
    lastName: 'Perrin',
    phone: '+33 4 72 00 00 01',
    role: 'superadmin',
    defaultLicenceId: 1,
    canAccessCockpit: true,
    grantedLicenceIds: [],
  },
  {
    id: 2,
    email: 'admin@formation.example',
    password: 'formation',
    firstName: 'Gaëtan',
    lastName: 'Rivière',
    phone: '+33 4 72 00 00 02',
    role: 'admin',
    defaultLicenceId: 1,
    canAccessCockpit: true,
    grantedLicenceIds: [2],
  },
  {
    id: 3,
    email: 'utilisateur@formation.example',
    password: 'formation',
    firstName: 'Inès',
    lastName: 'Faure',
    phone: '+33 4 72 00 00 03',
    role: 'user',
    defaultLicenceId: 1,
    canAccessCockpit: false,
    grantedLicenceIds: [],
  },
  {
    id: 4,
    email: 'invite@formation.example',
    password: null,
    firstName: 'Noé',
    lastName: 'Garnier',
    phone: '',
    role: 'user',
    defaultLicenceId: 1,
    canAccessCockpit: false,
    grantedLicenceIds: [],
  },
];

export const SANDBOX_ACCOUNT_KEY = 'training-account-key-not-a-secret';
export const SANDBOX_SECOND_ACCOUNT_KEY = 'training-account-key-villeurbanne';
export const SANDBOX_DEVICE_ID = 'training-desk-1';
export const SANDBOX_LICENCE_UUID = '00000000-0000-4000-8000-00000000f0f0';
export const SANDBOX_SECOND_LICENCE_UUID = '00000000-0000-4000-8000-00000000f0f1';
