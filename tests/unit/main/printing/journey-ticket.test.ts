import { describe, expect, it } from 'vitest';
import type { PaperWidth, TicketFacts, TicketLayoutSettings } from '../../../../src-shared/printing/layout';
import type { Appointment } from '../../../../src-shared/publisher/schemas';
import { encodeTicket } from '../../../../src-main/printing/encode';
import { buildTicketLayout } from '../../../../src-main/printing/layout';
import { columnsFor } from '../../../../src-main/printing/models';
import { renderTicketSvg } from '../../../../src-main/printing/svg';
import { factsOf } from '../../../../src-main/printing/tickets';
import { linkedAppointments } from '../../../../src-shared/checkin/journey';
import { readEscPos, visibleText } from '../../../helpers/escpos-reader';

const settings: TicketLayoutSettings = { establishmentName: 'Imagerie Lyon', officePlaceVisibleId: 'LYON', showQr: true, footer: '', language: 'fr' };

const appointment = (id: string, examLabel: string, roomLabel: string, startDate: string, status: Appointment['status'] = 'checkedIn'): Appointment =>
  ({ id, patientId: 'P9001', examLabel, roomLabel, practitionerLabel: 'Dr Martin', startDate, status, ticketNumber: 6, ticketNumberFormatted: 'I006' }) as Appointment;

/** Léa's visit: a knee MRI at 10:30 then a chest scan at 11:05 (Paris), checked in together as I006. */
const mri = appointment('A1', 'IRM du genou', 'IRM 1', '2026-11-23T10:30:00+01:00');
const scan = appointment('A2', 'Scanner thoracique', 'Scanner', '2026-11-23T11:05:00+01:00');

function printed(facts: Omit<TicketFacts, 'printedAt'>, paperWidth: PaperWidth = 58, language: 'fr' | 'en' = 'fr') {
  const layout = buildTicketLayout({
    facts: { ...facts, printedAt: '2026-11-23T09:12:00+01:00' },
    settings: { ...settings, language },
    paperWidth,
    columns: columnsFor('generic', paperWidth),
    reprint: false,
    timeZone: 'Europe/Paris',
  });
  return { layout, text: visibleText(readEscPos(encodeTicket(layout, { model: 'generic', codePage: 'cp858' }))) };
}

describe('the ticket of a patient checked in for several exams', () => {
  it('lists each exam with its appointment time and room, on 58 mm paper, in the bytes and in the preview', () => {
    const { layout, text } = printed(factsOf(mri, 'I006', [scan]));
    expect(text).toEqual(expect.arrayContaining(['Vos 2 examens', '10:30 IRM du genou', 'Salle : IRM 1', '11:05 Scanner thoracique', 'Salle : Scanner']));
    // In the order of the visit, each exam's room right under it.
    expect(text.slice(text.indexOf('Vos 2 examens'), text.indexOf('Vos 2 examens') + 5)).toEqual([
      'Vos 2 examens',
      '10:30 IRM du genou',
      'Salle : IRM 1',
      '11:05 Scanner thoracique',
      'Salle : Scanner',
    ]);
    // One practitioner line would name the MRI's for both: each team's exam stands alone.
    expect(text).not.toContain('Praticien : Dr Martin');
    // Each exam has its time: a single « Rendez-vous » line would repeat the first one's.
    expect(text.some((line) => line.startsWith('Rendez-vous'))).toBe(false);
    const svg = renderTicketSvg(layout);
    for (const line of ['10:30 IRM du genou', 'Salle : IRM 1', '11:05 Scanner thoracique', 'Salle : Scanner']) expect(svg).toContain(`>${line}</text>`);
  });

  it('says it in English too, soonest exam first whatever order it was given in', () => {
    const { text } = printed(factsOf(scan, 'I006', [mri]), 80, 'en');
    const from = text.indexOf('Your 2 exams');
    expect(text.slice(from, from + 5)).toEqual(['Your 2 exams', '10:30 IRM du genou', 'Room : IRM 1', '11:05 Scanner thoracique', 'Room : Scanner']);
  });

  it('a single appointment keeps its ticket as before: exam, practitioner, room', () => {
    const { text } = printed(factsOf(mri, 'I006'));
    expect(text).toEqual(expect.arrayContaining(['IRM du genou', 'Praticien : Dr Martin', 'Salle : IRM 1']));
    expect(text.some((line) => line.includes('examens'))).toBe(false);
  });

  it('a reprint finds the journey in the medical system: the appointments of that day under the same number', () => {
    const other = { ...appointment('A3', 'Radio du poignet', 'Radio', '2026-11-23T12:00:00+01:00'), ticketNumberFormatted: 'R002' };
    const tomorrow = appointment('A4', 'IRM du genou', 'IRM 1', '2026-11-24T10:30:00+01:00');
    const notArrived = { ...appointment('A5', 'Échographie', 'Echo', '2026-11-23T13:00:00+01:00', 'scheduled') };
    expect(linkedAppointments({ appointment: mri, otherAppointments: [other, scan, tomorrow, notArrived] }).map((item) => item.id)).toEqual(['A2']);
    expect(linkedAppointments({ appointment: { ...mri, ticketNumberFormatted: null }, otherAppointments: [scan] })).toEqual([]);
  });
});
