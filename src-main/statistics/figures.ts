import type { BoardSettings } from '../../src-shared/board/rows';
import type { DeskTicket } from '../../src-shared/platform/tickets';
import type { DayFigures, DurationFigures, FigureRow, LiveFigures } from '../../src-shared/statistics/figures';

/**
 * The day in figures, computed once from the day's tickets and their histories.
 * Every definition here is written in docs/statistics.md; change both together.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What the figures need of one ticket, read once from its history (or from the ticket alone). */
export interface TicketFacts {
  ticket: DeskTicket;
  arrival: number;
  /** Hour of arrival on the platform's clock (`07`), read from the timestamp as written. */
  hour: string;
  firstCall: number | null;
  calls: number;
  inCare: number | null;
  done: number | null;
  closed: number | null;
  cancelledAt: number | null;
  absent: boolean;
  transferred: boolean;
  /** The desk that took the ticket: its last call (after a transfer, the desk it went to). */
  desk: { key: string; label: string } | null;
  examType: string;
  served: boolean;
  /** Never called, arrival confirmed, still in the queue. */
  waiting: boolean;
  /** Arrival → first call, in minutes; null when never called. */
  wait: number | null;
  /** In care → done, in minutes; null when either is unknown. */
  service: number | null;
}

const dayStarts = new Map<string, number>();
const digits = (text: string, from: number, count: number): number => {
  let value = 0;
  for (let i = from; i < from + count; i += 1) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
};

/**
 * `Date.parse` for the platform's own form (`YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm)`, what
 * the schemas let through) at a fraction of its cost: a day of 10,000 tickets holds
 * ~70,000 timestamps. Anything else goes to `Date.parse`.
 */
export function timeOf(text: string): number {
  const zone = text.endsWith('Z') ? text.length - 1 : text.length - 6;
  const fraction = text.length > 19 && text.charCodeAt(19) === 46 ? zone - 20 : 0;
  if (zone !== 19 + (fraction > 0 ? fraction + 1 : 0) || text.charCodeAt(10) !== 84) return Date.parse(text);
  const day = text.slice(0, 10);
  let start = dayStarts.get(day);
  if (start === undefined) {
    start = Date.UTC(digits(text, 0, 4), digits(text, 5, 2) - 1, digits(text, 8, 2));
    if (dayStarts.size > 1_000) dayStarts.clear();
    dayStarts.set(day, start);
  }
  let ms = start + digits(text, 11, 2) * 3_600_000 + digits(text, 14, 2) * 60_000 + digits(text, 17, 2) * 1_000;
  if (fraction > 0) ms += Math.floor(digits(text, 20, Math.min(fraction, 3)) * 10 ** (3 - Math.min(fraction, 3)));
  if (zone < text.length - 1) {
    const offset = digits(text, zone + 1, 2) * 60 + digits(text, zone + 4, 2);
    ms -= (text.charCodeAt(zone) === 45 ? -offset : offset) * 60_000;
  }
  return Number.isNaN(ms) ? Date.parse(text) : ms;
}

export function ticketFacts(ticket: DeskTicket): TicketFacts {
  const arrival = timeOf(ticket.issuedAt);
  const facts: TicketFacts = {
    ticket,
    arrival,
    hour: ticket.issuedAt.slice(11, 13),
    firstCall: null,
    calls: 0,
    inCare: null,
    done: null,
    closed: null,
    cancelledAt: null,
    absent: false,
    transferred: false,
    desk: null,
    examType: ticket.examTypeLabel ?? ticket.examLabel ?? '',
    served: false,
    waiting: false,
    wait: null,
    service: null,
  };
  let lastDesk: { deskId?: number | undefined; deskLabel?: string | undefined } | null = null;
  if (ticket.history) {
    for (const entry of ticket.history) {
      const at = timeOf(entry.at);
      switch (entry.event) {
        case 'called':
          facts.calls += 1;
          if (facts.firstCall === null || at < facts.firstCall) facts.firstCall = at;
          lastDesk = entry;
          break;
        case 'inCare':
          facts.inCare ??= at;
          break;
        case 'done':
          // A done before any care (a backward move undone) says nothing of the service.
          if (facts.inCare !== null && facts.done === null && at >= facts.inCare) facts.done = at;
          break;
        case 'closed':
          facts.closed ??= at;
          break;
        case 'cancelled':
          facts.cancelledAt = at;
          break;
        case 'absent':
          facts.absent = true;
          break;
        case 'transfer':
          facts.transferred = true;
          lastDesk = entry;
          break;
        default:
          break;
      }
    }
    // Care undone on the publisher (the ticket is back to waiting) is not a service.
    facts.served = facts.inCare !== null && ticket.status !== 'checkedIn' && ticket.status !== 'issued';
  } else if (ticket.lastCall) {
    // No history on this platform: the last call is the only call known.
    facts.calls = 1;
    facts.firstCall = timeOf(ticket.lastCall.at);
    lastDesk = { deskId: ticket.lastCall.deskId ?? undefined, deskLabel: ticket.lastCall.deskLabel };
  }
  if (!ticket.history) facts.served = ticket.status === 'inCare' || ticket.status === 'done' || (ticket.status === 'closed' && facts.calls > 0);
  if (ticket.status !== 'cancelled') facts.cancelledAt = null;
  else facts.cancelledAt ??= timeOf(ticket.updatedAt);
  if (lastDesk?.deskLabel !== undefined || lastDesk?.deskId !== undefined) {
    const label = lastDesk.deskLabel ?? String(lastDesk.deskId);
    facts.desk = { key: lastDesk.deskId === undefined ? `label:${label}` : String(lastDesk.deskId), label };
  }
  facts.waiting = facts.firstCall === null && ticket.status === 'checkedIn' && !facts.absent;
  if (facts.firstCall !== null) facts.wait = Math.max(0, facts.firstCall - arrival) / MINUTE;
  if (facts.inCare !== null && facts.done !== null) facts.service = (facts.done - facts.inCare) / MINUTE;
  return facts;
}

/** Median (mean of the two middle values for an even count), p90 (nearest rank), max. */
export function durationFigures(values: number[]): DurationFigures {
  const count = values.length;
  if (count === 0) return { count, median: null, p90: null, max: null };
  const sorted = Float64Array.from(values).sort();
  const middle = count >> 1;
  const median = count % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { count, median, p90: sorted[Math.ceil(0.9 * count) - 1]!, max: sorted[count - 1]! };
}

export function figureRow(key: string, label: string, group: readonly TicketFacts[], thresholds: Thresholds): FigureRow {
  const waits: number[] = [];
  const services: number[] = [];
  let calls = 0;
  let absences = 0;
  let cancelled = 0;
  let transferred = 0;
  let served = 0;
  let stillWaiting = 0;
  let withinAmber = 0;
  let withinRed = 0;
  for (const facts of group) {
    if (facts.wait !== null) {
      waits.push(facts.wait);
      if (facts.wait <= thresholds.amberMinutes) withinAmber += 1;
      if (facts.wait <= thresholds.redMinutes) withinRed += 1;
    }
    if (facts.service !== null) services.push(facts.service);
    calls += facts.calls;
    if (facts.absent) absences += 1;
    if (facts.cancelledAt !== null) cancelled += 1;
    if (facts.transferred) transferred += 1;
    if (facts.served) served += 1;
    if (facts.waiting) stillWaiting += 1;
  }
  const called = waits.length;
  return {
    key,
    label,
    arrivals: group.length,
    waiting: durationFigures(waits),
    service: durationFigures(services),
    calls,
    callsPerTicket: called === 0 ? null : calls / called,
    absences,
    cancelled,
    transferred,
    served,
    stillWaiting,
    withinAmber: called === 0 ? null : withinAmber / called,
    withinRed: called === 0 ? null : withinRed / called,
  };
}

export type Thresholds = Pick<BoardSettings, 'amberMinutes' | 'redMinutes'>;

/** The desk's three live figures at `now` (docs/statistics.md, "Live figures"). */
export function liveFigures(all: readonly TicketFacts[], now: number): LiveFigures {
  let waitingNow = 0;
  let longest: number | null = null;
  let recentSum = 0;
  let recent = 0;
  for (const facts of all) {
    if (facts.waiting) {
      waitingNow += 1;
      const waited = Math.max(0, now - facts.arrival) / MINUTE;
      longest = longest === null ? waited : Math.max(longest, waited);
    }
    if (facts.wait !== null && facts.firstCall !== null && facts.firstCall > now - HOUR && facts.firstCall <= now) {
      recentSum += facts.wait;
      recent += 1;
    }
  }
  return { waitingNow, averageWaitLastHour: recent === 0 ? null : recentSum / recent, longestWaitNow: longest };
}

export interface DayFiguresInput {
  day: string;
  officePlaceId: number | null;
  tickets: readonly DeskTicket[];
  thresholds: Thresholds;
  now: Date;
  /** Today on the platform: the day still runs. */
  today: boolean;
  /** Names of office places when known (training); otherwise the id is the label. */
  placeLabel?: (officePlaceId: number) => string | undefined;
}

export function computeDayFigures(input: DayFiguresInput): DayFigures {
  const { thresholds } = input;
  const all = input.tickets.map(ticketFacts);
  const row = (key: string, label: string, group: readonly TicketFacts[]) => figureRow(key, label, group, thresholds);
  const grouped = (keyOf: (facts: TicketFacts) => { key: string; label: string } | null) => {
    const groups = new Map<string, { label: string; facts: TicketFacts[] }>();
    for (const facts of all) {
      const group = keyOf(facts);
      if (!group) continue;
      const entry = groups.get(group.key);
      if (entry) entry.facts.push(facts);
      else groups.set(group.key, { label: group.label, facts: [facts] });
    }
    return [...groups].map(([key, group]) => row(key, group.label, group.facts));
  };
  const byLabel = (a: FigureRow, b: FigureRow) => a.label.localeCompare(b.label, 'fr');
  const byPlace = grouped((facts) => {
    const id = facts.ticket.officePlaceId;
    return { key: String(id), label: input.placeLabel?.(id) ?? String(id) };
  }).sort((a, b) => Number(a.key) - Number(b.key));
  const byDesk = grouped((facts) => facts.desk).sort(byLabel);
  const byExamType = grouped((facts) => ({ key: facts.examType, label: facts.examType })).sort((a, b) => b.arrivals - a.arrivals || byLabel(a, b));
  return {
    day: input.day,
    officePlaceId: input.officePlaceId,
    computedAt: input.now.toISOString(),
    today: input.today,
    dayListOffered: true,
    historyAvailable: input.tickets.every((ticket) => ticket.history !== undefined),
    thresholds: { amberMinutes: thresholds.amberMinutes, redMinutes: thresholds.redMinutes },
    total: row('day', input.day, all),
    byPlace,
    byDesk,
    byExamType,
    byHour: hourRows(all, row),
    live: input.today ? liveFigures(all, input.now.getTime()) : { waitingNow: 0, averageWaitLastHour: null, longestWaitNow: null },
  };
}

/** Every hour from the first to the last with an arrival, so a chart shows the quiet hours too. */
function hourRows(all: readonly TicketFacts[], row: (key: string, label: string, group: readonly TicketFacts[]) => FigureRow): FigureRow[] {
  const byHour = new Map<number, TicketFacts[]>();
  for (const facts of all) {
    const hour = Number(facts.hour);
    const list = byHour.get(hour);
    if (list) list.push(facts);
    else byHour.set(hour, [facts]);
  }
  if (byHour.size === 0) return [];
  const hours = [...byHour.keys()];
  const rows: FigureRow[] = [];
  for (let hour = Math.min(...hours); hour <= Math.max(...hours); hour += 1) {
    const key = String(hour).padStart(2, '0');
    rows.push(row(key, `${key}h`, byHour.get(hour) ?? []));
  }
  return rows;
}
