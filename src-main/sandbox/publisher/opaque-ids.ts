import type { SandboxWorld } from '../world/types';

/**
 * Characters a publisher may put in its opaque ids and that are still usable in a
 * URL (RFC 3986 path characters): `~` and every sub-delimiter, plus `:` and `@`.
 * A client that builds paths without encoding, splits on `:` or feeds an id to a
 * `$'` replacement pattern breaks on them.
 */
export const OPAQUE_ID_SUFFIX = "~:@!$'()*+,;=";

export const opaqueId = (id: string): string => `${id}${OPAQUE_ID_SUFFIX}`;

/**
 * Gives the seeded day's patient, appointment and document ids the opaque form,
 * everywhere they are written (the platform's tickets included), before either
 * server starts. Ids cannot vary per answer: the desk sends back what it received.
 */
export function applyOpaqueIds(world: SandboxWorld): void {
  const publisher = world.publisher;
  for (const patient of publisher.patients) patient.id = opaqueId(patient.id);
  for (const appointment of publisher.appointments) {
    appointment.id = opaqueId(appointment.id);
    appointment.patientId = opaqueId(appointment.patientId);
    for (const document of appointment.documents) document.id = opaqueId(document.id);
    const request = appointment.checkIn?.request;
    if (request) {
      const { mainAppointmentId, linkedAppointmentIds } = request;
      if (typeof mainAppointmentId === 'string') request.mainAppointmentId = opaqueId(mainAppointmentId);
      if (Array.isArray(linkedAppointmentIds)) request.linkedAppointmentIds = linkedAppointmentIds.map((id: string) => opaqueId(id));
    }
  }
  for (const ticket of world.platform.tickets) {
    if (ticket.contractAppointmentId !== null) ticket.contractAppointmentId = opaqueId(ticket.contractAppointmentId);
  }
}
