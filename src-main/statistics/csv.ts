import type { DeskTicket } from '../../src-shared/platform/tickets';
import { ticketFacts, type TicketFacts } from './figures';

/**
 * The day's tickets as CSV: one line per ticket with its times, for a spreadsheet.
 * Semicolons and a UTF-8 byte order mark, because French spreadsheets expect both;
 * patient names only when the user asked for them.
 */
export const CSV_COLUMNS = [
  'ticket',
  'office_place',
  'exam_type',
  'exam',
  'source',
  'status',
  'arrived_at',
  'first_call_at',
  'calls',
  'desk',
  'in_care_at',
  'done_at',
  'closed_at',
  'cancelled_at',
  'absent',
  'transferred',
  'wait_minutes',
  'service_minutes',
  'patient',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Column headings in the user's language (French first): plain words a spreadsheet user reads. */
export const CSV_HEADINGS: Record<CsvLanguage, Record<CsvColumn, string>> = {
  fr: {
    ticket: 'ticket',
    office_place: 'lieu',
    exam_type: 'type_examen',
    exam: 'examen',
    source: 'origine',
    status: 'statut',
    arrived_at: 'arrivee',
    first_call_at: 'premier_appel',
    calls: 'appels',
    desk: 'guichet',
    in_care_at: 'prise_en_charge',
    done_at: 'termine',
    closed_at: 'cloture',
    cancelled_at: 'annule',
    absent: 'absent',
    transferred: 'transfere',
    wait_minutes: 'attente_minutes',
    service_minutes: 'prise_en_charge_minutes',
    patient: 'patient',
  },
  en: Object.fromEntries(CSV_COLUMNS.map((column) => [column, column])) as Record<CsvColumn, string>,
};
export type CsvLanguage = 'fr' | 'en';

/** Offset of a timestamp as written (`+01:00`, `Z`), in minutes. */
function offsetOf(timestamp: string): number {
  const match = /([+-])(\d{2}):(\d{2})$/.exec(timestamp);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** `YYYY-MM-DD hh:mm:ss` on the platform's clock (the arrival's offset): what a spreadsheet reads as a date. */
function localTime(ms: number | null, offset: number): string {
  return ms === null ? '' : new Date(ms + offset * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}
const minutes = (value: number | null): string => (value === null ? '' : value.toFixed(1));

/** A cell as text, quoted when needed; text a spreadsheet would run as a formula is neutralised. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function line(facts: TicketFacts, placeLabel: (id: number) => string, includeNames: boolean): string {
  const { ticket } = facts;
  const offset = offsetOf(ticket.issuedAt);
  const time = (ms: number | null) => localTime(ms, offset);
  const cells = [
    ticket.formattedNumber,
    placeLabel(ticket.officePlaceId),
    facts.examType,
    ticket.examLabel ?? '',
    ticket.source,
    ticket.status,
    time(facts.arrival),
    time(facts.firstCall),
    String(facts.calls),
    facts.desk?.label ?? '',
    time(facts.inCare),
    time(facts.done),
    time(facts.closed),
    time(facts.cancelledAt),
    facts.absent ? '1' : '0',
    facts.transferred ? '1' : '0',
    minutes(facts.wait),
    minutes(facts.service),
  ];
  if (includeNames) cells.push(ticket.patientDisplayName ?? '');
  return cells.map(csvCell).join(';');
}

export function ticketsCsv(
  tickets: readonly DeskTicket[],
  options: { includeNames: boolean; placeLabel: (id: number) => string; language?: CsvLanguage },
): string {
  const headings = CSV_HEADINGS[options.language ?? 'fr'];
  const header = CSV_COLUMNS.filter((column) => options.includeNames || column !== 'patient')
    .map((column) => headings[column])
    .join(';');
  const lines = tickets.map((ticket) => line(ticketFacts(ticket), options.placeLabel, options.includeNames));
  return `\uFEFF${[header, ...lines].join('\r\n')}\r\n`;
}
