import type { BoardRow } from '../../../../src-shared/board/rows';

/** A board row as main would push it, with plausible defaults. */
export function row(over: Partial<BoardRow> & Pick<BoardRow, 'ticketId'>): BoardRow {
  return {
    formattedNumber: over.ticketId.toUpperCase(),
    number: 1,
    status: 'checkedIn',
    group: 'waiting',
    patientDisplayName: 'Jean D.',
    examLabel: 'IRM',
    examTypeId: 'IRM',
    practitioner: 'Dr A',
    room: 'Salle 1',
    contractAppointmentId: `apt-${over.ticketId}`,
    checkedInAt: '2026-11-23T09:00:00+01:00',
    startDate: null,
    lastCall: null,
    calls: 0,
    inCareAt: null,
    doneAt: null,
    verification: 'verified',
    pending: false,
    anomalies: [],
    ...over,
  };
}
