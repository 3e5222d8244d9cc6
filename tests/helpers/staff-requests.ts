import type { Channel } from '../../src-shared/ipc/channels';
import type { RequestOf } from '../../src-shared/ipc/contract';

/** What a request names, to fill the samples with real ids of a running sandbox (or any id for a fake table). */
export interface SampleIds {
  appointmentId: string;
  ticketId: string;
  officePlaceId: number;
  code: string;
}

/**
 * One valid request for each staff channel (and null for those that take none): tests built from the
 * access table call every channel with them, so a channel reaches its rules past request validation.
 */
export function staffRequests(ids: SampleIds) {
  const { appointmentId, ticketId, officePlaceId, code } = ids;
  return {
    'board/workplaceOptions': undefined,
    'board/chooseWorkplace': { officePlaceId, deskId: 1, deskLabel: 'Accueil 1' },
    'board/snapshot': undefined,
    'board/callNext': undefined,
    'board/call': { ticketId, recall: false },
    'board/setStatus': { ticketId, status: 'inCare' },
    'board/hold': { ticketId, status: 'done' },
    'board/undoHeld': { id: 'held-1' },
    'board/saveSettings': { amberMinutes: 15, redMinutes: 30, idleLockMinutes: 0, arrivalChime: false },
    'board/lock': { reason: 'manual' },
    'board/unlock': { password: 'formation' },
    'board/office': undefined,
    'board/setDeskState': { state: 'paused' },
    'board/setQueue': { examTypeIds: ['IRM'], rooms: [], practitioners: [] },
    'board/queueOptions': undefined,
    'board/transfer': { ticketId, toDeskId: null, note: null },
    'board/absent': { ticketId },
    'board/dismissAbsent': { ticketId },
    'board/unsent': undefined,
    'board/dropUnsent': { ticketId },
    'board/focus': { ticketId },
    'checkin/search': { lastName: 'Garnier', birthDate: '1980-01-01' },
    'checkin/byCode': { code },
    'checkin/readiness': { appointmentIds: [appointmentId] },
    'checkin/checkIn': { appointmentIds: [appointmentId] },
    'checkin/undo': { mainAppointmentId: appointmentId },
    'checkin/reverify': { appointmentId },
    'checkin/trainerRevertArrival': { appointmentId },
    'printing/reprint': { contractAppointmentId: appointmentId },
    'statistics/day': {},
    'statistics/live': undefined,
    'statistics/waitEstimate': undefined,
    'statistics/exportCsv': { includeNames: true },
  } as const satisfies Partial<{ [C in Channel]: RequestOf<C> }>;
}

export type StaffChannel = keyof ReturnType<typeof staffRequests>;
