import type { DeskTicket } from '../../../../src-shared/platform/tickets';

/**
 * Call-ticket numbering as the kiosks and desks share it: one sequence per
 * (day, office place, prefix), continuing after the highest number already held
 * (cancelled tickets included: a number handed out is consumed, never reused).
 * The format matches the seeded day and the sandbox publisher: prefix + number
 * zero-padded to 3 digits ("I012"), wider when the number outgrows it ("I1000").
 */
export function formatTicketNumber(prefix: string, number: number): string {
  return `${prefix}${String(number).padStart(3, '0')}`;
}

/**
 * Prefixes are compared upper-case so that "i" and "I" share one sequence: the
 * publisher's by-ticket lookup matches formatted numbers case-insensitively, two
 * distinct "i005" and "I005" would be ambiguous there.
 */
export function normalisePrefix(prefix: string): string {
  return prefix.trim().toUpperCase();
}

/**
 * The prefix the platform computes when the body has none (`prefix` absent or
 * null): the first letter of `examTypeId`, upper-case — the convention every
 * seeded exam type follows (IRM → I, SCAN → S, ECHO → E…). No exam type, or one
 * that does not start with a letter → no prefix (''). An explicit `''` means
 * "no prefix" and is kept.
 */
export function computePrefix(prefix: string | null | undefined, examTypeId: string | null | undefined): string {
  if (typeof prefix === 'string') return normalisePrefix(prefix);
  const first = examTypeId?.trim().charAt(0) ?? '';
  return /^[A-Za-z]$/.test(first) ? first.toUpperCase() : '';
}

/**
 * The prefix of a ticket issued before this run (seeded day): `formattedNumber`
 * minus its trailing number. "I012" with number 12 → "I".
 */
export function prefixOf(ticket: Pick<DeskTicket, 'formattedNumber' | 'number'>): string {
  const match = /^(.*?)0*(\d+)$/.exec(ticket.formattedNumber);
  if (match && Number(match[2]) === ticket.number) return normalisePrefix(match[1]!);
  return normalisePrefix(ticket.formattedNumber.replace(/\d+$/, ''));
}

function sequenceKey(day: string, officePlaceId: number, prefix: string): string {
  return `${day}|${officePlaceId}|${prefix}`;
}

export class TicketNumbering {
  private readonly highest = new Map<string, number>();

  /** Records a number already handed out, so the sequence continues after it. */
  observe(ticket: Pick<DeskTicket, 'day' | 'officePlaceId' | 'formattedNumber' | 'number'>): void {
    const key = sequenceKey(ticket.day, ticket.officePlaceId, prefixOf(ticket));
    this.highest.set(key, Math.max(this.highest.get(key) ?? 0, ticket.number));
  }

  /** Reserves the next number of the sequence. */
  next(day: string, officePlaceId: number, prefix: string): { number: number; formattedNumber: string } {
    const key = sequenceKey(day, officePlaceId, prefix);
    const number = (this.highest.get(key) ?? 0) + 1;
    this.highest.set(key, number);
    return { number, formattedNumber: formatTicketNumber(prefix, number) };
  }
}
