import { DeskError } from '../../src-shared/errors';
import type { AccessRule } from '../../src-shared/ipc/access';
import type { DeskEvents } from '../events/bus';

/** What the dispatcher asks before running a handler: who is at the desk right now. */
export interface AccessCredentials {
  staffSignedIn(): boolean;
  /** True while technician mode is open; asking it counts as a technician action (keeps it open). */
  technicianAtWork(): boolean;
  adminSignedIn(): boolean;
}

/** The typed refusal for a channel's rule, or null when the caller may go on. Messages are plain and hold no data. */
export function refusalFor(rule: AccessRule, who: AccessCredentials): DeskError | null {
  switch (rule) {
    case 'public':
      return null;
    case 'staff':
      return who.staffSignedIn() ? null : new DeskError('NOT_SIGNED_IN', 'Sign in first.');
    case 'technician':
      return who.technicianAtWork() ? null : new DeskError('TECHNICIAN_MODE_REQUIRED', 'Open technician mode on the Printers page first.');
    case 'admin':
      return who.adminSignedIn() ? null : new DeskError('NOT_SIGNED_IN', 'Sign in to the platform administration first.');
  }
}

/** Follows the administration session through its event: the admin feature keeps its JWT to itself. */
export function followAdminSession(events: DeskEvents): () => boolean {
  let signedIn = false;
  events.subscribe((event, payload) => {
    if (event === 'admin/sessionChanged') signedIn = payload !== null;
  });
  return () => signedIn;
}
