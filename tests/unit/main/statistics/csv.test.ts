import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TICKET_STATUSES, type DeskTicket } from '../../../../src-shared/platform/tickets';
import type { CsvLanguage } from '../../../../src-shared/statistics/figures';
import { CSV_COLUMNS, ticketRows, ticketsCsv } from '../../../../src-main/statistics/csv';
import { CSV_DIALECTS, csvCell, csvText } from '../../../../src-main/statistics/csv-text';
import { readCsv, unguarded } from '../../../helpers/csv-reader';

const ticket: DeskTicket = {
  ticketId: 't1',
  number: 7,
  formattedNumber: 'I007',
  day: '2026-11-23',
  officePlaceId: 1,
  contractAppointmentId: 'A1',
  status: 'done',
  patientDisplayName: '=Léa "Lou" Garnier',
  examLabel: 'IRM du genou, droit',
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
/** Each line as a record heading → cell, read back as a spreadsheet would. */
const records = (csv: string, separator: ';' | ',') => {
  const [header, ...lines] = readCsv(csv, separator);
  return lines.map((line) => Object.fromEntries(header!.map((heading, index) => [heading, line[index]])));
};

describe('ticketsCsv', () => {
  it('in English: commas between cells, points in decimals, English words; a label holding a comma stays one cell', () => {
    const csv = ticketsCsv([ticket], { includeNames: false, placeLabel, language: 'en' });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).not.toContain(';');
    expect(readCsv(csv, ',')[0]).toEqual(CSV_COLUMNS.filter((column) => column !== 'patient'));
    expect(records(csv, ',')).toEqual([
      {
        ticket: 'I007',
        office_place: 'Lieu 1',
        exam_type: 'IRM',
        exam: 'IRM du genou, droit',
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
      },
    ]);
    expect(csv).not.toContain('Garnier');
  });

  it('in French (the default): semicolons, decimal commas, French headings and words, accents kept in UTF-8 with a byte order mark', () => {
    const csv = ticketsCsv([{ ...ticket, source: 'publisher', status: 'closed', examLabel: 'Échographie' }], { includeNames: false, placeLabel });
    expect([...Buffer.from(csv, 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [line] = records(csv, ';');
    expect(line).toMatchObject({ lieu: 'Lieu 1', examen: 'Échographie', origine: 'logiciel médical', statut: 'clôturé', attente_minutes: '12,5', prise_en_charge_minutes: '16,0' });
    // A decimal comma is no separator in French: the cell is written as is, not quoted.
    expect(csv).toContain(';12,5;16,0\r\n');
    const header = readCsv(csv, ';')[0]!;
    expect(header.slice(0, 3)).toEqual(['ticket', 'lieu', 'type_examen']);
    expect(header).toHaveLength(CSV_COLUMNS.length - 1);
  });

  it('every status and origin in the words of the language, never the platform code', () => {
    const expected: Record<CsvLanguage, { status: string[]; source: string[] }> = {
      fr: { status: ['réservé', 'arrivé', 'en examen', 'terminé', 'clôturé', 'annulé'], source: ['borne', 'accueil', 'logiciel médical'] },
      en: { status: ['issued', 'checked in', 'in care', 'done', 'closed', 'cancelled'], source: ['kiosk', 'desk', 'medical system'] },
    };
    const sources = ['kiosk', 'desk', 'publisher'] as const;
    for (const language of ['fr', 'en'] as const) {
      const tickets = TICKET_STATUSES.map((status, index) => ({ ...ticket, status, source: sources[index % 3]! }));
      const [, ...lines] = ticketRows(tickets, { includeNames: false, placeLabel, language });
      expect(lines.map((line) => line[5])).toEqual(expected[language].status);
      expect(lines.slice(0, 3).map((line) => line[4])).toEqual(expected[language].source);
    }
  });

  it('with names when asked: a last column, quoted, and never run as a formula', () => {
    const csv = ticketsCsv([ticket], { includeNames: true, placeLabel });
    expect(readCsv(csv, ';')[0]!.at(-1)).toBe('patient');
    expect(csv.trimEnd().endsWith(`;"'=Léa ""Lou"" Garnier"`)).toBe(true);
  });
});

describe('csvCell', () => {
  it('quotes the separator of the language only, and quotes, and line breaks', () => {
    expect(csvCell('a;b', ';')).toBe('"a;b"');
    expect(csvCell('a;b', ',')).toBe('a;b');
    expect(csvCell('a,b', ',')).toBe('"a,b"');
    expect(csvCell('a,b', ';')).toBe('a,b');
    expect(csvCell('say "hi"', ',')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines', ';')).toBe('"two\nlines"');
  });

  it('text starting with = + - @ (or a tab or return) is never run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}HYPERLINK("x")`, ';').replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('+33 6', ';')).toBe("'+33 6");
    expect(csvCell('plain', ';')).toBe('plain');
  });
});

/** Cells as nasty as the medical system's names may be: separators, quotes, line breaks, formula starts, accents. */
const cellArb = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: fc.constantFrom(';', ',', '"', '\r', '\n', '\r\n', '=', '+', '-', '@', '\t', "'", ' ', 'é', 'a', '1', '.'), maxLength: 8 }),
);
const languageArb = fc.constantFrom<CsvLanguage>('fr', 'en');

describe('CSV read back by a spreadsheet', () => {
  it('any rows, in either language, read back as the same rows, and no cell as read starts a formula', () => {
    const rowsArb = fc.integer({ min: 1, max: 5 }).chain((width) => fc.array(fc.array(cellArb, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 6 }));
    fc.assert(
      fc.property(rowsArb, languageArb, (rows, language) => {
        const read = readCsv(csvText(rows, CSV_DIALECTS[language]), CSV_DIALECTS[language].separator);
        expect(read.map((line) => line.map(unguarded))).toEqual(rows);
        for (const cell of read.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }),
      { numRuns: 500 },
    );
  });

  it('any day exported, in either language, reads back as the rows of the export, names included', () => {
    const dayArb = fc.array(
      fc.record({ name: cellArb, exam: cellArb, desk: cellArb, place: cellArb, status: fc.constantFrom(...TICKET_STATUSES) }).map(
        ({ name, exam, desk, place, status }): DeskTicket => ({
          ...ticket,
          status,
          patientDisplayName: name,
          examLabel: exam,
          examTypeLabel: place,
          history: [{ at: ticket.issuedAt, event: 'issued' }, { at: '2026-11-23T08:05:45+01:00', event: 'called', deskId: 3, deskLabel: desk }],
        }),
      ),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(dayArb, languageArb, (tickets, language) => {
        const options = { includeNames: true, placeLabel, language };
        const read = readCsv(ticketsCsv(tickets, options), CSV_DIALECTS[language].separator);
        expect(read.map((line) => line.map(unguarded))).toEqual(ticketRows(tickets, options));
        expect(read.slice(1).map((line) => unguarded(line.at(-1)!))).toEqual(tickets.map((one) => one.patientDisplayName));
        expect(read.slice(1).map((line) => line.at(-3))).toEqual(tickets.map(() => (language === 'fr' ? '5,8' : '5.8')));
      }),
      { numRuns: 200 },
    );
  });
});
