import type { RunningSandbox } from '../../../src-main/sandbox/start';
import type { SandboxAppointment } from '../../../src-main/sandbox/world/types';
import { isDeskTrainingPatient } from '../../../src-main/sandbox/world/desk-patients';

/** Letters only: the training publisher identifies patients by name, so each copy needs its own. */
function letters(n: number): string {
  let text = '';
  let rest = n;
  do {
    text = String.fromCharCode(97 + (rest % 26)) + text;
    rest = Math.floor(rest / 26) - 1;
  } while (rest >= 0);
  return text[0]!.toUpperCase() + text.slice(1);
}

/**
 * Pads the training day with `count` more patients expected at the desks' office place, one
 * appointment each, copied from the seeded ones under new ids and names: the seeded day has
 * about sixty, a busy reception sees thousands. Returns the new appointments in arrival order.
 */
export function padDay(sandbox: RunningSandbox, count: number): SandboxAppointment[] {
  const { publisher } = sandbox.world;
  const place = publisher.officePlaces.find((candidate) => candidate.platformId === sandbox.profile.officePlaceId)!;
  const templates = publisher.appointments.filter(
    (appointment) => appointment.locationId === place.id && appointment.status === 'scheduled' && !isDeskTrainingPatient(appointment.patientId),
  );
  if (templates.length === 0) throw new Error('the training day has no scheduled appointment to copy at the desks’ office place');
  const added: SandboxAppointment[] = [];
  for (let i = 0; i < count; i += 1) {
    const template = templates[i % templates.length]!;
    const person = publisher.patients.find((patient) => patient.id === template.patientId)!;
    const patientId = `SOAK${String(i).padStart(5, '0')}`;
    publisher.patients.push({ ...person, id: patientId, lastName: `${person.lastName} ${letters(i)}` });
    const appointment: SandboxAppointment = {
      ...structuredClone(template),
      id: `soak-${i}`,
      patientId,
      checkIn: null,
      statusHistory: [],
    };
    publisher.appointments.push(appointment);
    added.push(appointment);
  }
  return added;
}
