import type { DeskTicket, TicketStatus } from '../../src-shared/platform/tickets';
import type { CsvLanguage } from '../../src-shared/statistics/figures';
import { CSV_DIALECTS, csvDecimal, csvText } from './csv-text';
import { ticketFacts, type TicketFacts } from './figures';

/**
 * The day's tickets as CSV: one line per ticket with its times, for a spreadsheet in the
 * user's language (separators and decimals: csv-text.ts); patient names only when the user asked for them.
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

/** Statuses and origins in words a spreadsheet user reads (the board's words), not the platform's codes. */
const CSV_WORDS: Record<CsvLanguage, { status: Record<TicketStatus, string>; source: Record<DeskTicket['source'], string> }> = {
  fr: {
    status: { issued: 'réservé', checkedIn: 'arrivé', inCare: 'en examen', done: 'terminé', closed: 'clôturé', cancelled: 'annulé' },
    source: { kiosk: 'borne', desk: 'accueil', publisher: 'logiciel médical' },
  },
  en: {
    status: { issued: 'issued', checkedIn: 'checked in', inCare: 'in care', done: 'done', closed: 'closed', cancelled: 'cancelled' },
    source: { kiosk: 'kiosk', desk: 'desk', publisher: 'medical system' },
  },
};

/** Offset of a timestamp as written (`+01:00`, `Z`), in minutes. */
function offsetOf(timestamp: string): number {
  const match = /([+-])(\d{2}):(\d{2})$/.exec(timestamp);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** `YYYY-MM-DD hh:mm:ss` on the platform's clock (the arrival's offset): what a spreadsheet reads as a date. */
function localTime(ms: number | null, offset: number): string {
  return ms === null ? '' : new Date(ms + offset * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

interface CsvOptions {
  includeNames: boolean;
  placeLabel: (id: number) => string;
  language?: CsvLanguage;
}

function cells(facts: TicketFacts, options: CsvOptions, language: CsvLanguage): string[] {
  const { ticket } = facts;
  const offset = offsetOf(ticket.issuedAt);
  const time = (ms: number | null) => localTime(ms, offset);
  const words = CSV_WORDS[language];
  const decimal = (value: number | null) => csvDecimal(value, CSV_DIALECTS[language]);
  const row = [
    ticket.formattedNumber,
    options.placeLabel(ticket.officePlaceId),
    facts.examType,
    ticket.examLabel ?? '',
    words.source[ticket.source],
    words.status[ticket.status],
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
    decimal(facts.wait),
    decimal(facts.service),
  ];
  if (options.includeNames) row.push(ticket.patientDisplayName ?? '');
  return row;
}

/** The heading and one row per ticket, as the spreadsheet will show them (before CSV quoting). */
export function ticketRows(tickets: readonly DeskTicket[], options: CsvOptions): string[][] {
  const language = options.language ?? 'fr';
  const headings = CSV_HEADINGS[language];
  const header = CSV_COLUMNS.filter((column) => options.includeNames || column !== 'patient').map((column) => headings[column]);
  return [header, ...tickets.map((ticket) => cells(ticketFacts(ticket), options, language))];
}

export function ticketsCsv(tickets: readonly DeskTicket[], options: CsvOptions): string {
  return csvText(ticketRows(tickets, options), CSV_DIALECTS[options.language ?? 'fr']);
}
