import { describe, expect, it } from 'vitest';
import type { TicketFacts, TicketLanguage, TicketLayoutSettings } from '../../../../src-shared/printing/layout';
import { encodeTicket } from '../../../../src-main/printing/encode';
import { buildTicketLayout } from '../../../../src-main/printing/layout';
import { readEscPos } from '../../../helpers/escpos-reader';

const facts: TicketFacts = {
  formattedNumber: 'I002',
  examLabel: 'IRM du genou',
  practitionerLabel: null,
  roomLabel: 'IRM 1',
  appointmentAt: '2026-11-23T09:45:00+01:00',
  printedAt: '2026-11-23T08:30:00Z',
  day: '2026-11-23',
};

function printedLines(language: TicketLanguage, showWaitEstimate: boolean | undefined, waitMinutes: number | null | undefined): string[] {
  const settings: TicketLayoutSettings = { establishmentName: 'Centre IRM', officePlaceVisibleId: '', showQr: false, footer: '', language, showWaitEstimate };
  const layout = buildTicketLayout({ facts: { ...facts, waitMinutes }, settings, paperWidth: 58, columns: 32, reprint: false, timeZone: 'Europe/Paris' });
  return readEscPos(encodeTicket(layout, { model: 'generic', codePage: 'cp858' })).lines.map((line) => line.text.trim());
}

describe('the estimated wait on the ticket (layout)', () => {
  it('prints « Attente estimée : ~15 min » in the ticket language, whole on 58 mm paper, when the option is on', () => {
    expect(printedLines('fr', true, 15)).toContain('Attente estimée : ~15 min');
    expect(printedLines('en', true, 15)).toContain('Estimated wait: ~15 min');
  });

  it('prints no wait line with the option off (the default) or without an estimate', () => {
    for (const lines of [printedLines('fr', false, 15), printedLines('fr', undefined, 15), printedLines('fr', true, null), printedLines('fr', true, undefined)]) {
      expect(lines.some((text) => text.startsWith('Attente'))).toBe(false);
      expect(lines).toContain('I002');
    }
  });
});
