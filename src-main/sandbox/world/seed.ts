import type { DeskTicket } from '../../../src-shared/platform/tickets';
import type { AppointmentStatus, Patient } from '../../../src-shared/publisher/schemas';
import {
  SANDBOX_ACCOUNT_KEY,
  SANDBOX_DEVICE_ID,
  SANDBOX_LICENCE_UUID,
  SANDBOX_OFFICES,
  SANDBOX_PLATFORM_USERS,
  SANDBOX_SECOND_ACCOUNT_KEY,
  SANDBOX_SECOND_LICENCE_UUID,
  SANDBOX_STAFF,
} from './accounts';
import { deskTrainingPatients } from './desk-patients';
import { historyOfSeededTicket, pastDaysTickets } from './history';
import { CITIES, FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, REFERRING_PRACTITIONERS, STREETS } from './names';
import { Random } from './random';
import { addMinutes, atLocalMinutes, isoWithOffset, localDay } from './time';
import type {
  DocumentType,
  Exam,
  ExamType,
  OfficePlace,
  Practitioner,
  Room,
  SandboxAppointment,
  SandboxWorld,
  StoredDocument,
} from './types';

export const DEFAULT_SEED = 20_261_123;

const OFFICE_PLACES: OfficePlace[] = [
  { id: '1', platformId: 1, name: 'Accueil IRM – Scanner', officeId: 'ofc-1', visibleId: 'LYON-IRM' },
  { id: '2', platformId: 2, name: 'Accueil Radiologie – Échographie', officeId: 'ofc-1', visibleId: 'LYON-RADIO' },
  { id: '3', platformId: 3, name: 'Accueil Villeurbanne', officeId: 'ofc-2', visibleId: 'VILLEU' },
];

const EXAM_TYPES: ExamType[] = [
  { id: 'IRM', name: 'IRM', ticketPrefix: 'I' },
  { id: 'SCAN', name: 'Scanner', ticketPrefix: 'S' },
  { id: 'RADIO', name: 'Radiographie', ticketPrefix: 'R' },
  { id: 'ECHO', name: 'Échographie', ticketPrefix: 'E' },
  { id: 'MAMMO', name: 'Mammographie', ticketPrefix: 'M' },
];

const EXAMS: Exam[] = [
  { id: 'IRM-GEN', name: 'IRM du genou', examTypeId: 'IRM', durationMinutes: 30, requiredDocumentTypes: ['prescription', 'mriQuestionnaire'] },
  { id: 'IRM-LOMB', name: 'IRM lombaire', examTypeId: 'IRM', durationMinutes: 30, requiredDocumentTypes: ['prescription', 'mriQuestionnaire'] },
  { id: 'IRM-CER', name: 'IRM cérébrale', examTypeId: 'IRM', durationMinutes: 40, requiredDocumentTypes: ['prescription', 'mriQuestionnaire', 'creatinineResults'] },
  { id: 'SCAN-THO', name: 'Scanner thoracique', examTypeId: 'SCAN', durationMinutes: 20, requiredDocumentTypes: ['prescription'] },
  { id: 'SCAN-ABD', name: 'Scanner abdomino-pelvien', examTypeId: 'SCAN', durationMinutes: 20, requiredDocumentTypes: ['prescription', 'creatinineResults'] },
  { id: 'RADIO-THO', name: 'Radiographie du thorax', examTypeId: 'RADIO', durationMinutes: 10, requiredDocumentTypes: [] },
  { id: 'RADIO-POI', name: 'Radiographie du poignet', examTypeId: 'RADIO', durationMinutes: 10, requiredDocumentTypes: ['prescription'] },
  { id: 'RADIO-PANO', name: 'Panoramique dentaire', examTypeId: 'RADIO', durationMinutes: 10, requiredDocumentTypes: ['prescription'] },
  { id: 'ECHO-ABD', name: 'Échographie abdominale', examTypeId: 'ECHO', durationMinutes: 20, requiredDocumentTypes: ['prescription'] },
  { id: 'ECHO-PEL', name: 'Échographie pelvienne', examTypeId: 'ECHO', durationMinutes: 20, requiredDocumentTypes: ['prescription'] },
  { id: 'MAMMO-DEP', name: 'Mammographie de dépistage', examTypeId: 'MAMMO', durationMinutes: 20, requiredDocumentTypes: ['convocation'] },
];

/** Which exam types each office place performs. */
const PLACE_EXAM_TYPES: Record<string, string[]> = { '1': ['IRM', 'SCAN'], '2': ['RADIO', 'ECHO', 'MAMMO'], '3': ['RADIO', 'ECHO'] };

const PRACTITIONERS: Practitioner[] = [
  { id: 'PR-FONT', name: 'Dr Claire Fontaine', rppsId: '10101010101' },
  { id: 'PR-MARC', name: 'Dr Olivier Marchand', rppsId: '10202020202' },
  { id: 'PR-BENA', name: 'Dr Nadia Benali', rppsId: '10303030303' },
  { id: 'PR-LEGO', name: 'Dr Pierre-Yves Le Goff', rppsId: '10404040404' },
  { id: 'PR-DUMA', name: 'Dr Hélène Dumas', rppsId: '10505050505' },
];

const ROOMS: Room[] = [
  { id: 'R-IRM1', name: 'IRM 1', officePlaceId: '1' },
  { id: 'R-SCAN', name: 'Scanner', officePlaceId: '1' },
  { id: 'R-RX1', name: 'Salle de radio 1', officePlaceId: '2' },
  { id: 'R-RX2', name: 'Salle de radio 2', officePlaceId: '2' },
  { id: 'R-ECHO1', name: 'Écho 1', officePlaceId: '2' },
  { id: 'R-MAMMO', name: 'Mammographe', officePlaceId: '2' },
  { id: 'R-VRX', name: 'Radio Villeurbanne', officePlaceId: '3' },
  { id: 'R-VECHO', name: 'Écho Villeurbanne', officePlaceId: '3' },
];

const DOCUMENT_TYPES: DocumentType[] = [
  { documentType: 'prescription', label: 'Ordonnance', availableOnPhone: true },
  { documentType: 'mriQuestionnaire', label: 'Questionnaire IRM', availableOnPhone: true },
  { documentType: 'creatinineResults', label: 'Résultats de créatinine', availableOnPhone: true },
  { documentType: 'convocation', label: 'Convocation', availableOnPhone: true },
  { documentType: 'mutualInsuranceCard', label: 'Carte de mutuelle', availableOnPhone: true },
  { documentType: 'medicalReport', label: 'Compte rendu médical', availableOnPhone: false },
  { documentType: 'other', label: 'Autre document', availableOnPhone: true },
];

/** A 1×1 PNG: the stand-in content of documents already on file. */
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export interface SeedOptions {
  seed?: number;
  /** The training day is built around this moment (default: now). */
  now?: Date;
  patients?: number;
  /** Days of tickets the platform keeps, today included (default 1: today only; the training app keeps a week). */
  keptDays?: number;
}

function socialSecurityId(random: Random, female: boolean, birthDate: string): string {
  const base = `${female ? 2 : 1}${birthDate.slice(2, 4)}${birthDate.slice(5, 7)}69${random.digits(3)}${random.digits(3)}`;
  const key = 97 - Number(BigInt(base) % 97n);
  return `${base}${String(key).padStart(2, '0')}`;
}

function birthDateFor(random: Random, now: Date, minAge: number, maxAge: number): string {
  const year = now.getFullYear() - random.int(minAge, maxAge);
  return `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
}

function makePatients(random: Random, now: Date, count: number): Patient[] {
  const patients: Patient[] = [];
  for (let i = 0; i < count; i += 1) {
    const female = random.chance(0.55);
    const firstName = random.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const birthDate = birthDateFor(random, now, 18, 88);
    const place = random.pick(CITIES);
    const slug = `${firstName}.${lastName}`.normalize('NFD').replace(/[^A-Za-z.]/g, '').toLowerCase();
    patients.push({
      id: `P${String(1001 + i)}`,
      firstName,
      lastName,
      ...(female && random.chance(0.3) ? { birthName: random.pick(LAST_NAMES) } : {}),
      birthDate,
      sex: female ? 'female' : 'male',
      email: `${slug}@patient.formation.example`,
      mobilePhone: `+33 6 ${random.digits(2)} ${random.digits(2)} ${random.digits(2)} ${random.digits(2)}`,
      phone: `+33 4 ${random.digits(2)} ${random.digits(2)} ${random.digits(2)} ${random.digits(2)}`,
      address: { line1: `${random.int(1, 180)} ${random.pick(STREETS)}`, line2: null, zipCode: place.zipCode, city: place.city },
      socialSecurityId: socialSecurityId(random, female, birthDate),
      heightCm: random.int(150, 192),
      weightKg: random.int(48, 110),
      referringPractitioner: { ...random.pick(REFERRING_PRACTITIONERS) },
    });
  }
  // A family card: the last two patients are beneficiaries on the third-to-last's number.
  const holder = patients[count - 3]!;
  for (const child of patients.slice(count - 2)) {
    child.lastName = holder.lastName;
    child.birthDate = birthDateFor(random, now, 4, 15);
    child.socialSecurityId = holder.socialSecurityId;
  }
  return patients;
}

/** Status a training appointment has, given its start relative to the day's anchor. */
function statusAt(random: Random, minutesFromAnchor: number): AppointmentStatus {
  if (minutesFromAnchor < -120) return random.chance(0.8) ? 'closed' : 'done';
  if (minutesFromAnchor < -60) return random.pick(['done', 'done', 'inCare', 'closed'] as const);
  if (minutesFromAnchor < -10) return random.chance(0.4) ? 'inCare' : 'checkedIn';
  if (minutesFromAnchor < 30) return random.chance(0.6) ? 'checkedIn' : 'scheduled';
  if (minutesFromAnchor < 60) return random.chance(0.1) ? 'checkedIn' : 'scheduled';
  return 'scheduled';
}

const ARRIVED: AppointmentStatus[] = ['checkedIn', 'inCare', 'done', 'closed'];

/**
 * The training day, deterministic for a seed and a day: ~60 patients, ~80
 * appointments spread over eight hours around `now` (kept inside the day), some
 * already checked in with tickets that the platform knows too.
 */
export function seedWorld(options: SeedOptions = {}): SandboxWorld {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? new Date();
  const random = new Random(seed);
  const day = localDay(now);
  const minutesNow = now.getHours() * 60 + now.getMinutes();
  const anchorMinutes = Math.min(Math.max(minutesNow, 4 * 60 + 30), 19 * 60 + 30);
  const anchor = atLocalMinutes(now, anchorMinutes);
  const patientCount = Math.max(options.patients ?? 60, 60);
  const patients = makePatients(random, now, patientCount);

  // 24 patients with two appointments, the others but four with one (a larger world brings more arrivals), 4 with none today.
  const journeys = patients.slice(0, patientCount - 4).map((patient, index) => ({ patient, count: index < 24 ? 2 : 1 }));
  const slots = journeys.length;
  const appointments: SandboxAppointment[] = [];
  const tickets: DeskTicket[] = [];
  const counters = new Map<string, number>();
  let ticketSequence = 0;

  journeys.forEach(({ patient, count }, index) => {
    const place = OFFICE_PLACES[index % 3 === 2 ? 2 : index % 3]!;
    const start = addMinutes(anchor, -240 + Math.round((index * 480) / slots) + random.int(0, 4));
    const visibleBase = 24_000 + index * 7;
    const firstStatus = statusAt(random, (start.getTime() - anchor.getTime()) / 60_000);
    const journey: SandboxAppointment[] = [];
    for (let n = 0; n < count; n += 1) {
      const examType = random.pick(PLACE_EXAM_TYPES[place.id]!);
      const exam = random.pick(EXAMS.filter((candidate) => candidate.examTypeId === examType));
      const room = random.pick(ROOMS.filter((candidate) => candidate.officePlaceId === place.id));
      const practitioner = random.pick(PRACTITIONERS);
      const startDate = addMinutes(start, n * random.int(30, 45));
      const visibleId = `RDV${visibleBase + n}`;
      const drawn: AppointmentStatus = n === 0 ? firstStatus : firstStatus === 'scheduled' ? 'scheduled' : ARRIVED.includes(firstStatus) && firstStatus !== 'checkedIn' ? random.pick(['checkedIn', firstStatus] as const) : 'checkedIn';
      // A visit the desk finished (done, closed) is finished for every exam of it: the board reads a journey exam by
      // exam, and a later exam still to do would show the patient waiting again (docs/desk-checkin.md). The draw is
      // kept so the rest of the day is the same as before.
      const status: AppointmentStatus = firstStatus === 'done' || firstStatus === 'closed' ? firstStatus : drawn;
      const documents: StoredDocument[] = exam.requiredDocumentTypes
        .filter((type) => type === 'prescription' && random.chance(0.5))
        .map((type, docIndex) => ({
          id: `DOC-${visibleId}-${docIndex + 1}`,
          documentType: type,
          label: DOCUMENT_TYPES.find((candidate) => candidate.documentType === type)!.label,
          availableOnPhone: true,
          pageCount: 1,
          mimeType: 'image/png',
          pages: [{ contentBase64: TINY_PNG, mimeType: 'image/png' }],
          deleted: false,
        }));
      const readinessRoll = random.next();
      journey.push({
        id: `A${5000 + appointments.length + n}~${visibleId}`,
        patientId: patient.id,
        startDate: isoWithOffset(startDate),
        convocationDate: isoWithOffset(addMinutes(startDate, -15)),
        endDate: isoWithOffset(addMinutes(startDate, exam.durationMinutes)),
        locationId: place.id,
        locationLabel: place.name,
        examId: exam.id,
        examTypeId: exam.examTypeId,
        examLabel: exam.name,
        practitionerId: practitioner.id,
        practitionerLabel: practitioner.name,
        roomId: room.id,
        roomLabel: room.name,
        status,
        awaitingExternalNotification: false,
        prescriber: random.chance(0.5) ? { ...random.pick(REFERRING_PRACTITIONERS) } : null,
        ticketNumber: null,
        ticketNumberFormatted: null,
        managementPageUrl: `https://rdv.formation.example/rendez-vous/${visibleId}`,
        preparatorySurveyCompleted: random.chance(0.7),
        convocationCode: `CV-${random.code(8)}`,
        documents,
        requiredDocumentTypes: exam.requiredDocumentTypes,
        readiness:
          readinessRoll < 0.85
            ? { ready: true }
            : { ready: false, reason: readinessRoll < 0.95 ? 'notificationNotConfigured' : 'notificationDisabled' },
        checkIn: null,
        statusHistory: [],
      });
    }

    const main = journey[0]!;
    if (ARRIVED.includes(main.status)) {
      const examType = EXAM_TYPES.find((candidate) => candidate.id === main.examTypeId)!;
      const counterKey = `${place.platformId}/${examType.ticketPrefix}`;
      const number = (counters.get(counterKey) ?? 0) + 1;
      counters.set(counterKey, number);
      const formattedNumber = `${examType.ticketPrefix}${String(number).padStart(3, '0')}`;
      const checkedInAt = new Date(Math.min(new Date(main.startDate).getTime() - random.int(5, 25) * 60_000, now.getTime() - 60_000));
      const calledAt = addMinutes(checkedInAt, random.int(4, 15));
      const called = main.status !== 'checkedIn' || random.chance(0.3);
      const source = random.chance(0.85) ? 'kiosk' : 'desk';
      journey.forEach((appointment, n) => {
        appointment.ticketNumber = number;
        appointment.ticketNumberFormatted = formattedNumber;
        appointment.checkIn = {
          at: isoWithOffset(checkedInAt),
          request: {
            identifiedWithHealthCard: random.chance(0.6),
            attendantCheckIn: false,
            deferExternalNotification: false,
            anomalyCodes: appointment.readiness.ready ? [] : ['INCOMPLETE_FILE'],
            documentsComplete: appointment.documents.length >= appointment.requiredDocumentTypes.length,
            sequence: { number: n + 1, count: journey.length },
            mainAppointmentId: n === 0 ? null : main.id,
            proposedTicket: { number, formattedNumber },
          },
        };
      });
      ticketSequence += 1;
      const calledAtIso = isoWithOffset(calledAt.getTime() < now.getTime() ? calledAt : addMinutes(now, -1));
      tickets.push({
        ticketId: `tkt-${day.replaceAll('-', '')}-${String(ticketSequence).padStart(4, '0')}`,
        number,
        formattedNumber,
        day,
        officePlaceId: place.platformId,
        contractAppointmentId: main.id,
        status: main.status === 'checkedIn' || main.status === 'inCare' || main.status === 'done' || main.status === 'closed' ? main.status : 'checkedIn',
        patientDisplayName: `${patient.firstName} ${patient.lastName}`,
        examLabel: main.examLabel ?? null,
        source,
        ...(main.examTypeId ? { examTypeLabel: main.examTypeId } : {}),
        issuedAt: isoWithOffset(checkedInAt),
        updatedAt: called ? calledAtIso : isoWithOffset(checkedInAt),
        ...(called ? { lastCall: { deskId: 1, deskLabel: 'Accueil 1', at: calledAtIso } } : {}),
      });
    }
    appointments.push(...journey);
  });

  // A few cancellations among the day's single, not-yet-arrived appointments.
  appointments
    .filter((appointment) => appointment.status === 'scheduled' && !appointments.some((other) => other !== appointment && other.patientId === appointment.patientId))
    .slice(0, 5)
    .forEach((appointment) => {
      appointment.status = 'cancelled';
    });

  const desk = deskTrainingPatients(anchor, {
    place: OFFICE_PLACES[0]!,
    exams: [EXAMS.find((exam) => exam.id === 'IRM-GEN')!, EXAMS.find((exam) => exam.id === 'SCAN-THO')!],
  });
  // Before the family card, which tests find as the day's last patients.
  patients.splice(patients.length - 3, 0, ...desk.patients);
  appointments.push(...desk.appointments);

  // Histories draw from their own generator: the day above stays what it always was.
  const historyRandom = new Random(seed + 1);
  for (const ticket of tickets) ticket.history = historyOfSeededTicket(ticket, now, historyRandom);
  tickets.push(...pastDaysTickets({ now, seed, days: (options.keptDays ?? 1) - 1 }, OFFICE_PLACES, EXAM_TYPES, PLACE_EXAM_TYPES));

  return {
    seed,
    day,
    publisher: {
      offices: SANDBOX_OFFICES,
      officePlaces: OFFICE_PLACES,
      examTypes: EXAM_TYPES,
      exams: EXAMS,
      practitioners: PRACTITIONERS,
      rooms: ROOMS,
      documentTypes: DOCUMENT_TYPES,
      patients,
      appointments,
      staff: SANDBOX_STAFF,
      devices: ['kiosk-lyon-1', 'kiosk-lyon-2', 'kiosk-villeurbanne-1', SANDBOX_DEVICE_ID],
      accountKey: SANDBOX_ACCOUNT_KEY,
    },
    platform: {
      licences: [
        {
          id: 1,
          uuid: SANDBOX_LICENCE_UUID,
          name: "Centre d'imagerie Lyon (formation)",
          activeIntegration: 'PUBLISHER',
          assignedFlavor: 'PUBLISHER',
          accountKey: SANDBOX_ACCOUNT_KEY,
          officePlaceIds: OFFICE_PLACES.map((place) => place.platformId),
        },
        {
          id: 2,
          uuid: SANDBOX_SECOND_LICENCE_UUID,
          name: 'Cabinet Bron (formation, vide)',
          activeIntegration: 'NONE',
          assignedFlavor: null,
          accountKey: SANDBOX_SECOND_ACCOUNT_KEY,
          officePlaceIds: [],
        },
      ],
      users: SANDBOX_PLATFORM_USERS.map((user) => ({ ...user, grantedLicenceIds: [...user.grantedLicenceIds] })),
      publisherIntegrations: [
        { licenceId: 1, officeId: 'ofc-1', officeVisibleId: 'CIM-LYON', contractBaseUrl: null, configServiceBaseUrl: null, targetUrl: null },
      ],
      kiosks: [
        { id: 1, externalId: 'KIOSK-LYON-1', officePlaceId: 1, hasPrinter: true },
        { id: 2, externalId: 'KIOSK-LYON-2', officePlaceId: 2, hasPrinter: true },
        { id: 3, externalId: 'KIOSK-VILLEU-1', officePlaceId: 3, hasPrinter: false },
      ],
      checkinNotifySettings: [
        { officePlaceId: null, enabled: true, excludedAnomalyCodes: [] },
        { officePlaceId: 3, enabled: false, excludedAnomalyCodes: ['INCOMPLETE_FILE'] },
      ],
      tickets,
    },
  };
}
