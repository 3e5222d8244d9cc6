import { DeskError } from '../../src-shared/errors';
import type { DeclaredAccess } from '../../src-shared/ipc/access';
import type { CheckinSearchResponse } from '../../src-shared/ipc/features/checkin.contract';
import type { DeskEvents } from '../events/bus';

/**
 * The office rule's decisions (src-main/staff/office-rule.ts): each refuses with FORBIDDEN
 * what lies outside the signed-in staff member's offices.
 */
export interface OfficeCheck {
  requirePlace(officePlaceId: number): Promise<void>;
  /** The desk's own office place; nothing to check while it has none (the handler says so). */
  requireWorkplace(): Promise<void>;
  requireAppointments(appointmentIds: readonly string[]): Promise<void>;
  /** The answer with the appointments of other offices taken out, and the patients left with none. */
  grantedPatients(answer: CheckinSearchResponse): Promise<CheckinSearchResponse>;
}

/** What the dispatcher asks before running a handler: who is at the desk right now. */
export interface AccessCredentials {
  staffSignedIn(): boolean;
  /** True while technician mode is open; asking it counts as a technician action (keeps it open). */
  technicianAtWork(): boolean;
  adminSignedIn(): boolean;
  /** The board's lock screen is up. */
  boardLocked(): boolean;
  offices: OfficeCheck;
}

/**
 * The typed refusal for a channel's rule and lock rule, or null when the caller may go on.
 * Decided before the request is read. Messages are plain and hold no data.
 */
export function refusalFor(access: DeclaredAccess, who: AccessCredentials): DeskError | null {
  switch (access.rule) {
    case 'public':
      return null;
    case 'staff':
      if (!who.staffSignedIn()) return new DeskError('NOT_SIGNED_IN', 'Sign in first.');
      return access.locked === 'refused' && who.boardLocked() ? new DeskError('BOARD_LOCKED', 'The desk is locked.') : null;
    case 'technician':
      return who.technicianAtWork() ? null : new DeskError('TECHNICIAN_MODE_REQUIRED', 'Open technician mode on the Printers page first.');
    case 'admin':
      return who.adminSignedIn() ? null : new DeskError('NOT_SIGNED_IN', 'Sign in to the platform administration first.');
  }
}

/** The office rule on the validated request, before the handler runs: throws FORBIDDEN. */
export async function requireOffices(access: DeclaredAccess, request: unknown, offices: OfficeCheck): Promise<void> {
  if (access.rule !== 'staff' || access.office === null) return;
  const rule = access.office;
  if (rule === 'workplace') return offices.requireWorkplace();
  const fields = request as Record<string, unknown>;
  if ('place' in rule) return offices.requirePlace(fields[rule.place] as number);
  if ('appointments' in rule) {
    const named = fields[rule.appointments] as string | readonly string[];
    await offices.requireAppointments(typeof named === 'string' ? [named] : named);
  }
}

/** The office rule on the handler's answer: patients of other offices never leave main. */
export function grantedAnswer(access: DeclaredAccess, answer: unknown, offices: OfficeCheck): Promise<unknown> | unknown {
  if (access.rule !== 'staff' || access.office === null || access.office === 'workplace' || !('answer' in access.office)) return answer;
  return offices.grantedPatients(answer as CheckinSearchResponse);
}

/** Follows the administration session through its event: the admin feature keeps its JWT to itself. */
export function followAdminSession(events: DeskEvents): () => boolean {
  let signedIn = false;
  events.subscribe((event, payload) => {
    if (event === 'admin/sessionChanged') signedIn = payload !== null;
  });
  return () => signedIn;
}
