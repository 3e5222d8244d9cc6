import { describe, expect, it } from 'vitest';
import type { DeskTicket } from '../../../../src-shared/platform/tickets';
import { CSV_COLUMNS, csvCell, ticketsCsv } from '../../../../src-main/statistics/csv';

const ticket: DeskTicket = {
  ticketId: 't1',
  number: 7,
  formattedNumber: 'I007',
  day: '2026-11-23',
  officePlaceId: 1,
  contractAppointmentId: 'A1',
  status: 'done',
  patientDisplayName: '=Léa "Lou" Garnier',
  examLabel: 'IRM du genou',
  examTypeLabel: 'IRM',
  source: 'kiosk',
  issuedAt: '2026-11-23T08:00:00+01:00',
  updatedAt: '2026-11-23T08:30:00+01:00',
  history: [
    { at: '2026-11-23T08:00:00+01:00', event: 'issued' },
    { at: '2026-11-23T08:12:30+01:00', event: 'called', deskId: 2, deskLabel: 'Accueil 2' },
    { at: '2026-11-23T08:14:00+01:00', event: 'inCare' },
    { at: '2026-11-23T08:30:00+01:00', event: 'done' },
  ],
};
const placeLabel = (id: number) => `Lieu ${id}`;
const rows = (csv: string) => csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(';'));

describe('ticketsCsv', () => {
  it('one line per ticket with its times on the platform clock, waits and service in minutes; no name by default', () => {
    const csv = ticketsCsv([ticket], { includeNames: false, placeLabel, language: 'en' });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, line] = rows(csv);
    expect(header).toEqual(CSV_COLUMNS.filter((column) => column !== 'patient'));
    expect(Object.fromEntries(header!.map((column, index) => [column, line![index]]))).toEqual({
      ticket: 'I007',
      office_place: 'Lieu 1',
      exam_type: 'IRM',
      exam: 'IRM du genou',
      source: 'kiosk',
      status: 'done',
      arrived_at: '2026-11-23 08:00:00',
      first_call_at: '2026-11-23 08:12:30',
      calls: '1',
      desk: 'Accueil 2',
      in_care_at: '2026-11-23 08:14:00',
      done_at: '2026-11-23 08:30:00',
      closed_at: '',
      cancelled_at: '',
      absent: '0',
      transferred: '0',
      wait_minutes: '12.5',
      service_minutes: '16.0',
    });
    expect(csv).not.toContain('Garnier');
  });

  it('headings in French by default, the same columns in the same order', () => {
    const [header] = rows(ticketsCsv([ticket], { includeNames: false, placeLabel }));
    expect(header!.slice(0, 3)).toEqual(['ticket', 'lieu', 'type_examen']);
    expect(header!.at(-1)).toBe('prise_en_charge_minutes');
    expect(header).toHaveLength(CSV_COLUMNS.length - 1);
  });

  it('with names when asked: a last column, quoted, and never run as a formula', () => {
    const csv = ticketsCsv([ticket], { includeNames: true, placeLabel });
    const [header] = rows(csv);
    expect(header!.at(-1)).toBe('patient');
    expect(csv.trimEnd().endsWith(`;"'=Léa ""Lou"" Garnier"`)).toBe(true);
  });

  it('cells: separators and quotes are quoted, formulas neutralised', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('+33 6')).toBe("'+33 6");
    expect(csvCell('plain')).toBe('plain');
  });
});
