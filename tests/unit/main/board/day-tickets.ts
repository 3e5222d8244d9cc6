import type { DeskTicket, TicketStatus } from '../../../../src-shared/platform/tickets';
import type { AppointmentStatus } from '../../../../src-shared/publisher/schemas';
import type { ReadAppointment } from '../../../../src-main/board/verifier';

/** The statuses a board's property tests draw from: the platform's, and the medical system's reads. */
export const TICKET_STATUSES: TicketStatus[] = ['issued', 'checkedIn', 'inCare', 'done', 'closed', 'cancelled'];
export const READ_STATUSES: AppointmentStatus[] = ['scheduled', 'checkedIn', 'inCare', 'done', 'closed'];

/** The medical system's read of an appointment. */
export function readAppointment(id: string, status: AppointmentStatus): ReadAppointment {
  return { id, status, startDate: '2026-11-23T10:30:00+01:00', examTypeId: 'IRM', examLabel: 'IRM du genou', roomLabel: 'IRM 1' };
}

/**
 * The `index`th ticket of the 23 Nov 2026 day at office place 1, last changed at 09:`minute`, called by desk
 * `calledBy` and set aside as absent if asked; `rest` adds or overrides fields (its issue time, a handoff).
 */
export function dayTicket(
  index: number,
  spec: { appointment: number | null; status: TicketStatus; minute: number; calledBy?: number | null; absent?: boolean },
  rest: Partial<DeskTicket> = {},
): DeskTicket {
  const at = `2026-11-23T09:${String(spec.minute).padStart(2, '0')}:00+01:00`;
  return {
    ticketId: `t${index}`,
    number: index + 1,
    formattedNumber: `B${String(index + 1).padStart(4, '0')}`,
    day: '2026-11-23',
    officePlaceId: 1,
    contractAppointmentId: spec.appointment === null ? null : `A${spec.appointment}`,
    status: spec.status,
    patientDisplayName: 'Jean D.',
    examLabel: 'IRM',
    source: 'kiosk',
    issuedAt: at,
    updatedAt: at,
    ...(spec.calledBy ? { lastCall: { deskId: spec.calledBy, deskLabel: `Accueil ${spec.calledBy}`, at } } : {}),
    ...(spec.absent ? { absent: { calls: 1, deskLabel: 'Accueil 2', at, dismissed: false } } : {}),
    ...rest,
  };
}
