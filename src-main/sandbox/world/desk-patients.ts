import type { Patient } from '../../../src-shared/publisher/schemas';
import { addMinutes, isoWithOffset } from './time';
import type { Exam, OfficePlace, SandboxAppointment } from './types';

/**
 * Patients the desk check-in is demonstrated and tested with, the same every day:
 * they arrive without the kiosk, so they are scheduled and nothing else of the seed
 * depends on them (added after every random draw, so the rest of the day is unchanged).
 */
export const DESK_TRAINING_PATIENTS = {
  /** Two appointments at the first office place: the multi-appointment check-in. */
  journey: { id: 'P9001', firstName: 'Léa', lastName: 'Garnier-Vidal', birthDate: '1985-04-12', socialSecurityId: '285046912345678', codes: ['CV-ACCUEIL-01', 'CV-ACCUEIL-02'] },
  /** One appointment and a convocation QR: the scanner check-in; the medical system says notifications are not configured. */
  scanned: { id: 'P9002', firstName: 'Hugo', lastName: 'Perrin', birthDate: '1972-09-30', socialSecurityId: '172096912345612', codes: ['CV-SCAN-0001'] },
} as const;

/**
 * The simulated kiosk never checks these patients in: trainees and the README's
 * walkthrough expect to find them still to arrive, whenever they try.
 */
export function isDeskTrainingPatient(patientId: string): boolean {
  return Object.values(DESK_TRAINING_PATIENTS).some((seed) => seed.id === patientId);
}

interface PlaceOfDesk {
  place: OfficePlace;
  exams: readonly Exam[];
}

function patient(seed: (typeof DESK_TRAINING_PATIENTS)[keyof typeof DESK_TRAINING_PATIENTS], sex: string): Patient {
  return {
    id: seed.id,
    firstName: seed.firstName,
    lastName: seed.lastName,
    birthDate: seed.birthDate,
    sex,
    email: `${seed.id.toLowerCase()}@patient.formation.example`,
    mobilePhone: '+33 6 00 00 90 01',
    socialSecurityId: seed.socialSecurityId,
  };
}

function appointment(owner: Patient, exam: Exam, where: PlaceOfDesk, start: Date, index: number, code: string): SandboxAppointment {
  const visibleId = `RDV9${owner.id.slice(1)}${index}`;
  return {
    id: `A${owner.id.slice(1)}${index}~${visibleId}`,
    patientId: owner.id,
    startDate: isoWithOffset(start),
    convocationDate: isoWithOffset(addMinutes(start, -15)),
    endDate: isoWithOffset(addMinutes(start, exam.durationMinutes)),
    locationId: where.place.id,
    locationLabel: where.place.name,
    examId: exam.id,
    examTypeId: exam.examTypeId,
    examLabel: exam.name,
    practitionerLabel: 'Dr Claire Fontaine',
    practitionerId: 'PR-FONT',
    roomId: exam.examTypeId === 'IRM' ? 'R-IRM1' : 'R-SCAN',
    roomLabel: exam.examTypeId === 'IRM' ? 'IRM 1' : 'Scanner',
    status: 'scheduled',
    awaitingExternalNotification: false,
    prescriber: null,
    ticketNumber: null,
    ticketNumberFormatted: null,
    preparatorySurveyCompleted: true,
    convocationCode: code,
    documents: [],
    requiredDocumentTypes: [],
    readiness: owner.id === DESK_TRAINING_PATIENTS.scanned.id ? { ready: false, reason: 'notificationNotConfigured' } : { ready: true },
    checkIn: null,
    statusHistory: [],
  };
}

/** The desk training patients and their appointments of the day, an hour or two after `anchor`. */
export function deskTrainingPatients(anchor: Date, where: PlaceOfDesk): { patients: Patient[]; appointments: SandboxAppointment[] } {
  const [first, second] = where.exams;
  const journey = patient(DESK_TRAINING_PATIENTS.journey, 'female');
  const scanned = patient(DESK_TRAINING_PATIENTS.scanned, 'male');
  return {
    patients: [journey, scanned],
    appointments: [
      appointment(journey, first!, where, addMinutes(anchor, 75), 1, DESK_TRAINING_PATIENTS.journey.codes[0]),
      appointment(journey, second!, where, addMinutes(anchor, 110), 2, DESK_TRAINING_PATIENTS.journey.codes[1]),
      appointment(scanned, first!, where, addMinutes(anchor, 90), 1, DESK_TRAINING_PATIENTS.scanned.codes[0]),
    ],
  };
}
