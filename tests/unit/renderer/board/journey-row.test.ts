import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVuetify } from 'vuetify';
import { DEFAULT_BOARD_SETTINGS, type BoardRow } from '../../../../src-shared/board/rows';
import BoardRowItem from '../../../../src-renderer/features/board/components/BoardRowItem.vue';
import MyPatientPanel from '../../../../src-renderer/features/board/components/MyPatientPanel.vue';
import { createDeskI18n, type Locale } from '../../../../src-renderer/plugins/i18n';
import { row } from './rows';

const at = (hour: number, minute: number) => new Date(2026, 10, 23, hour, minute).toISOString();
/** Léa, checked in for her knee MRI (10:30) and her chest scan (11:05) under one ticket. */
const lea = (over: Partial<BoardRow> = {}): BoardRow =>
  row({
    ticketId: 'i006',
    patientDisplayName: 'Léa Garnier-Vidal',
    examLabel: 'IRM du genou',
    room: 'IRM 1',
    practitioner: 'Dr Martin',
    startDate: at(10, 30),
    linkedExams: [{ contractAppointmentId: 'A2', examLabel: 'Scanner thoracique', examTypeId: 'SCAN', practitioner: null, room: 'Scanner', startDate: at(11, 5) }],
    ...over,
  });
const global = (locale: Locale) => ({ plugins: [createDeskI18n(locale), createVuetify()] });

describe('the board row of a patient checked in for several exams', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names both exams on the row, and each with its time and room in the row details', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    const item = mount(BoardRowItem, { props: { row: lea(), now: Date.parse(at(9, 40)), settings: DEFAULT_BOARD_SETTINGS, selected: false }, global: global('fr') });
    const details = item.get('[data-testid="row-details"]');
    expect(details.text()).toContain('IRM du genou + Scanner thoracique');
    expect(details.attributes('title')).toBe('Léa Garnier-Vidal · 2 examens\u00a0: IRM du genou (10:30, IRM 1) + Scanner thoracique (11:05, Scanner)');
  });

  it("the chosen row's panel gives the whole list, in English too", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    const panel = mount(MyPatientPanel, {
      props: { row: lea(), mine: true, hasMine: true, now: Date.parse(at(9, 40)), settings: DEFAULT_BOARD_SETTINGS, desks: true },
      global: global('en'),
    });
    expect(panel.get('[data-testid="my-patient-details"]').text()).toBe('2 exams: IRM du genou (10:30, IRM 1) + Scanner thoracique (11:05, Scanner)');
  });

  it('her MRI done, she waits for the scan: the row marks the MRI done, the details say so in each language', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    const item = mount(BoardRowItem, { props: { row: lea({ examDone: true }), now: Date.parse(at(9, 40)), settings: DEFAULT_BOARD_SETTINGS, selected: false }, global: global('fr') });
    const details = item.get('[data-testid="row-details"]');
    expect(details.text()).toContain('✓ IRM du genou + Scanner thoracique');
    expect(details.attributes('title')).toBe('Léa Garnier-Vidal · 2 examens\u00a0: IRM du genou (10:30, IRM 1, terminé) + Scanner thoracique (11:05, Scanner)');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    const panel = mount(MyPatientPanel, {
      props: { row: lea({ examDone: true }), mine: true, hasMine: true, now: Date.parse(at(9, 40)), settings: DEFAULT_BOARD_SETTINGS, desks: true },
      global: global('en'),
    });
    expect(panel.get('[data-testid="my-patient-details"]').text()).toBe('2 exams: IRM du genou (10:30, IRM 1, done) + Scanner thoracique (11:05, Scanner)');
  });

  it('a patient with one exam keeps the row as before: exam, practitioner, room', () => {
    const item = mount(BoardRowItem, { props: { row: lea({ linkedExams: undefined }), now: Date.parse(at(9, 40)), settings: DEFAULT_BOARD_SETTINGS, selected: false }, global: global('fr') });
    expect(item.get('[data-testid="row-details"]').text()).toContain('IRM du genou · Dr Martin · IRM 1');
    expect(item.get('[data-testid="row-details"]').text()).not.toContain('+');
  });
});
