import type { DeskTicket } from '../../../src-shared/platform/tickets';
import type {
  Appointment,
  CheckInRequest,
  Patient,
  ProgressionStatus,
} from '../../../src-shared/publisher/schemas';
import type { SandboxOffice, SandboxStaffAccount } from './accounts';

/**
 * The training day, as both servers hold it in memory. The publisher owns patients
 * and appointments; the platform owns licences, users and tickets. `seedWorld()`
 * builds both so that they agree (same ticket numbers on both sides).
 */
export interface OfficePlace {
  /** The contract's `locationId` and `/config/office-places` id. */
  id: string;
  /** The platform's integer `officePlaceId` for the same place. */
  platformId: number;
  name: string;
  /** The staff office (sign-in) this place belongs to. */
  officeId: string;
  /** What a patient app sends as `officePlaceVisibleId` in by-ticket. */
  visibleId: string;
}

export interface ExamType {
  id: string;
  name: string;
  ticketPrefix: string;
}

export interface Exam {
  id: string;
  name: string;
  examTypeId: string;
  durationMinutes: number;
  /** Document types the publisher requires for this exam. */
  requiredDocumentTypes: string[];
}

export interface Practitioner {
  id: string;
  name: string;
  rppsId: string;
}

export interface Room {
  id: string;
  name: string;
  officePlaceId: string;
}

export interface DocumentType {
  documentType: string;
  label: string;
  availableOnPhone: boolean;
}

export interface StoredDocument {
  id: string;
  documentType: string;
  label: string;
  availableOnPhone: boolean;
  pageCount: number;
  mimeType: string;
  /** Bytes kept for the optional content route; never logged. */
  pages: { contentBase64: string; mimeType: string }[];
  deleted: boolean;
}

export interface CheckInRecord {
  at: string;
  request: Omit<CheckInRequest, 'context'>;
}

export interface SandboxAppointment extends Appointment {
  status: Appointment['status'];
  convocationCode: string;
  documents: StoredDocument[];
  requiredDocumentTypes: string[];
  /** What `notification-readiness` answers for this appointment. */
  readiness: { ready: true } | { ready: false; reason: 'notificationDisabled' | 'notificationNotConfigured' };
  checkIn: CheckInRecord | null;
  /** Every accepted `PUT status` and trainer's reverted arrival (`scheduled`), for tests and the audit view. */
  statusHistory: { status: ProgressionStatus | 'scheduled'; at: string }[];
}

export interface PublisherWorld {
  offices: SandboxOffice[];
  officePlaces: OfficePlace[];
  examTypes: ExamType[];
  exams: Exam[];
  practitioners: Practitioner[];
  rooms: Room[];
  documentTypes: DocumentType[];
  patients: Patient[];
  appointments: SandboxAppointment[];
  staff: SandboxStaffAccount[];
  /** Kiosk device ids provisioned on the publisher (strict device policy). */
  devices: string[];
  accountKey: string;
}

export type ActiveIntegration = 'PUBLISHER' | 'LIBRE' | 'TEST_SERVEUR' | 'NONE';
export type Flavor = 'PUBLISHER' | 'LIBRE';
export type UserRole = 'user' | 'admin' | 'superadmin';

export interface SandboxLicence {
  id: number;
  uuid: string;
  name: string;
  activeIntegration: ActiveIntegration;
  assignedFlavor: Flavor | null;
  /** The account authorization key kiosks and desks of this licence present. */
  accountKey: string;
  /** Platform office places (integer ids) of this licence. */
  officePlaceIds: number[];
}

export interface SandboxUserSeed {
  id: number;
  email: string;
  /** Training password; an scrypt hash from its first check on (not at start-up). null = never activated. */
  password: string | null;
  firstName: string;
  lastName: string;
  phone: string;
  role: UserRole;
  defaultLicenceId: number | null;
  canAccessCockpit: boolean;
  /** Licences an admin may switch to besides the default one. */
  grantedLicenceIds: number[];
}

export interface SandboxKiosk {
  id: number;
  externalId: string;
  officePlaceId: number;
  hasPrinter: boolean;
}

export interface PublisherIntegrationSeed {
  licenceId: number;
  officeId: string;
  officeVisibleId: string;
  /** Filled at start-up with the sandbox publisher's URL. */
  contractBaseUrl: string | null;
  configServiceBaseUrl: string | null;
  targetUrl: string | null;
}

export interface PlatformWorld {
  /** Shared live with the admin service, the ticket services and the relay. */
  licences: SandboxLicence[];
  /**
   * Seeds only: the admin service reads them once at start-up, keeps scrypt hashes
   * and its own live accounts (`AdminService.users()`); later changes are not here.
   */
  users: SandboxUserSeed[];
  publisherIntegrations: PublisherIntegrationSeed[];
  kiosks: SandboxKiosk[];
  checkinNotifySettings: { officePlaceId: number | null; enabled: boolean; excludedAnomalyCodes: string[] }[];
  tickets: DeskTicket[];
}

export interface SandboxWorld {
  seed: number;
  day: string;
  publisher: PublisherWorld;
  platform: PlatformWorld;
}
