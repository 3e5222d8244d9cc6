import type { RunningSandbox } from '../../../src-main/sandbox/start';

/** Patients the probe desk recalls in an hour, in turn; all in desk 1's view at once (the list is virtualised). */
export const PROBE_SET_SIZE = 6;

/** The probe desk: a desk of the office nobody runs, whose recalls are the events desk 1 must show. */
export const PROBE_DESK = { deskId: 9, deskLabel: 'Sonde' } as const;

export interface ProbeSet {
  /** What desk 1's search holds to show the set and nothing else: its patients' shared name. */
  needle: string;
  /** Its tickets' numbers, in the order the probes recall them. */
  numbers: string[];
}

/**
 * The probe tickets (the sandbox's bulk tickets, `extraTickets`), one set of patients per simulated hour,
 * each on the boards for its hour only. Six patients recalled all day had some ninety calls each by
 * evening, every one in the history their events carry: desk 1's main allocated four times more to read
 * the last hour's events than the first's (46.9 MB against 11.6, short day of 8 Dec 2026), so the last hour
 * measured the probes' own growth. A patient of a real day is called a few times. Sets after the first
 * wait as issued tickets, on no board, until their hour (Day.nextProbeSet).
 */
export function prepareProbeSets(sandbox: RunningSandbox, hours: number): ProbeSet[] {
  if (hours > 26) throw new Error('one letter per hour names the probe sets: at most 26 hours');
  const bulk = sandbox.world.platform.tickets.filter((ticket) => /^B\d{4}$/.test(ticket.formattedNumber)).sort((a, b) => a.number - b.number);
  if (bulk.length < hours * PROBE_SET_SIZE) throw new Error(`the sandbox has ${bulk.length} probe tickets, the day needs ${hours * PROBE_SET_SIZE}`);
  return Array.from({ length: hours }, (_, hour) => {
    const letter = String.fromCharCode(65 + hour);
    const tickets = bulk.slice(hour * PROBE_SET_SIZE, (hour + 1) * PROBE_SET_SIZE);
    tickets.forEach((ticket, index) => {
      ticket.patientDisplayName = `Témoin ${letter}${index + 1}`;
      if (hour === 0) return;
      ticket.status = 'issued';
      delete ticket.lastCall;
    });
    return { needle: `Témoin ${letter}`, numbers: tickets.map((ticket) => ticket.formattedNumber) };
  });
}

/** The set's tickets are checked in: the probe desk's calls put them on the boards. */
export function checkInProbeSet(sandbox: RunningSandbox, set: ProbeSet): void {
  for (const ticket of sandbox.world.platform.tickets) if (set.numbers.includes(ticket.formattedNumber)) ticket.status = 'checkedIn';
}
