import { describe, expect, it } from 'vitest';
import type { PaperWidth, TicketFacts, TicketLanguage } from '../../../../src-shared/printing/layout';
import type { Appointment } from '../../../../src-shared/publisher/schemas';
import { encodeTicket } from '../../../../src-main/printing/encode';
import { buildTicketLayout } from '../../../../src-main/printing/layout';
import { columnsFor } from '../../../../src-main/printing/models';
import { factsOf } from '../../../../src-main/printing/tickets';
import { readEscPos } from '../../../helpers/escpos-reader';

/** Léa's ticket: printed at 02:47, for her 06:45 appointment (Paris time). */
const facts: TicketFacts = {
  formattedNumber: 'I002',
  examLabel: 'IRM du genou',
  practitionerLabel: 'Dr Claire Fontaine',
  roomLabel: 'IRM 1',
  appointmentAt: '2026-11-23T06:45:00+01:00',
  printedAt: '2026-11-23T01:47:00Z',
  day: '2026-11-23',
};

function printed(language: TicketLanguage, paperWidth: PaperWidth, over: Partial<TicketFacts> = {}) {
  const settings = { establishmentName: 'Centre IRM', officePlaceVisibleId: '', showQr: false, footer: '', language };
  const layout = buildTicketLayout({ facts: { ...facts, ...over }, settings, paperWidth, columns: columnsFor('generic', paperWidth), reprint: false, timeZone: 'Europe/Paris' });
  return readEscPos(encodeTicket(layout, { model: 'generic', codePage: 'cp858' })).lines.map((line) => ({ ...line, text: line.text.trim() }));
}

describe('the printed ticket gives the appointment time', () => {
  it('prints the appointment time in bold under the print time, in the ticket language, whole on 58 mm paper', () => {
    for (const paperWidth of [58, 80] as const) {
      const french = printed('fr', paperWidth);
      expect(french.map((line) => line.text)).toContain('23/11/2026 à 02:47');
      expect(french.find((line) => line.text === 'Rendez-vous : 23/11/2026 à 06:45')).toMatchObject({ bold: true });
      expect(printed('en', paperWidth).map((line) => line.text)).toContain('Appointment: 23/11/2026 at 06:45');
    }
  });

  it('prints no appointment line for a job queued before tickets carried the appointment time', () => {
    const texts = printed('fr', 80, { appointmentAt: undefined }).map((line) => line.text);
    expect(texts.some((text) => text.startsWith('Rendez-vous'))).toBe(false);
    expect(texts).toContain('23/11/2026 à 02:47');
  });

  it('takes the time from the appointment a check-in or reprint prints for', () => {
    const appointment = { id: 'A1', startDate: '2026-11-23T06:45:00+01:00', status: 'checkedIn', examLabel: 'IRM du genou', roomLabel: 'IRM 1' } as Appointment;
    expect(factsOf(appointment, 'I002').appointmentAt).toBe('2026-11-23T06:45:00+01:00');
  });
});
