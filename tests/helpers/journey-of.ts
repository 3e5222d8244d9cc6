import { linkedAppointments } from '../../src-shared/checkin/journey';
import type { SandboxAppointment } from '../../src-main/sandbox/world/types';

/**
 * The exam types of every appointment checked in under a main appointment's ticket, read from
 * the sandbox's medical system the way the desk reads them (a journey shares one number).
 */
export function journeyExamTypes(appointments: readonly SandboxAppointment[], main: SandboxAppointment | undefined): (string | undefined)[] {
  if (!main) return [];
  const otherAppointments = appointments.filter((appointment) => appointment.patientId === main.patientId);
  return [main, ...linkedAppointments({ appointment: main, otherAppointments })].map((appointment) => appointment.examTypeId);
}
