import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVuetify } from 'vuetify';
import type { DayFigures, FigureRow } from '../../../src-shared/statistics/figures';
import BoardLiveFigures from '../../../src-renderer/features/statistics/components/BoardLiveFigures.vue';
import StatisticsView from '../../../src-renderer/features/statistics/views/StatisticsView.vue';
import { chartsOf, deskScope, offeredDays } from '../../../src-renderer/features/statistics/model/charts';
import { createDeskI18n } from '../../../src-renderer/plugins/i18n';
import { deskCalls, deskEmit, deskReplies } from './setup';

// Chart.js needs a real canvas, which jsdom lacks: the charts' numbers are checked through their table views.
vi.mock('vue-chartjs', async () => {
  const { defineComponent, h } = await import('vue');
  const stub = (name: string) => defineComponent({ name, props: { data: { type: Object, required: true }, options: { type: Object, required: true } }, setup: (props) => () => h('canvas', { 'data-chart': name, 'data-points': JSON.stringify(props.data) }) });
  return { Bar: stub('Bar'), Line: stub('Line') };
});

// Vuetify's dialog measures the visual viewport, which jsdom lacks.
globalThis.visualViewport ??= Object.assign(new EventTarget(), { width: 1280, height: 800, offsetLeft: 0, offsetTop: 0, pageLeft: 0, pageTop: 0, scale: 1 }) as unknown as VisualViewport;

const row = (key: string, label: string, overrides: Partial<FigureRow> = {}): FigureRow => ({
  key,
  label,
  arrivals: 0,
  waiting: { count: 0, median: null, p90: null, max: null },
  service: { count: 0, median: null, p90: null, max: null },
  calls: 0,
  callsPerTicket: null,
  absences: 0,
  cancelled: 0,
  transferred: 0,
  served: 0,
  stillWaiting: 0,
  withinAmber: null,
  withinRed: null,
  ...overrides,
});

const figures = (arrivals: number): DayFigures => ({
  day: '2026-11-23',
  officePlaceId: 1,
  computedAt: '2026-11-23T09:00:00Z',
  today: true,
  dayListOffered: true,
  historyAvailable: true,
  thresholds: { amberMinutes: 15, redMinutes: 30 },
  total: row('day', '2026-11-23', { arrivals, waiting: { count: 2, median: 12.5, p90: 20, max: 20 }, callsPerTicket: 1.5, withinAmber: 0.5, absences: 1 }),
  byPlace: [row('1', 'Accueil IRM – Scanner', { arrivals })],
  byDesk: [row('1', 'Accueil 1', { arrivals: 2, served: 2, calls: 3, absences: 1, waiting: { count: 2, median: 12.5, p90: 20, max: 20 } })],
  byExamType: [row('IRM', 'IRM', { arrivals: 2, waiting: { count: 2, median: 12.5, p90: 20, max: 20 } }), row('', '', { arrivals: 1 })],
  byHour: [row('08', '08h', { arrivals: 2 }), row('09', '09h', { arrivals }), row('10', '10h')],
  live: { waitingNow: 1, averageWaitLastHour: 4, longestWaitNow: 30 },
});

const mountView = () =>
  mount(StatisticsView, {
    global: { plugins: [createPinia(), createDeskI18n('fr'), createVuetify()] },
    attachTo: document.body,
  });

describe('statistics model', () => {
  it('four charts from the same rows, each saying which tickets it counts; an unnamed exam type is labelled; waits rounded to 0.1 min', () => {
    const charts = chartsOf({ ...figures(3), byHour: [row('08', '08h', { waiting: { count: 1, median: 4.26, p90: 4.26, max: 4.26 } })] }, 'Non renseigné');
    expect(charts.map((chart) => [chart.id, chart.kind, chart.scope])).toEqual([
      ['arrivalsPerHour', 'bar', 'place'],
      ['waitsPerHour', 'bar', 'called'],
      ['waitsPerExamType', 'bar', 'called'],
      ['throughputPerDesk', 'bar', 'desk'],
    ]);
    expect(charts[1]!.series.map((series) => series.values)).toEqual([[4.3], [4.3]]);
    expect(charts[2]!.labels).toEqual(['IRM', 'Non renseigné']);
    expect(charts[3]!.series.map((series) => [series.key, series.values])).toEqual([
      ['served', [2]],
      ['calls', [3]],
      ['absences', [1]],
    ]);
  });

  it('draws a line only through three points or more: one or two hours of waits are bars', () => {
    const hours = (count: number) => Array.from({ length: count }, (_, index) => row(String(8 + index), `${8 + index}h`, { waiting: { count: 1, median: 5, p90: 5, max: 5 } }));
    const kind = (count: number) => chartsOf({ ...figures(3), byHour: hours(count) }, '').find((chart) => chart.id === 'waitsPerHour')!.kind;
    expect([kind(0), kind(1), kind(2), kind(3), kind(8)]).toEqual(['bar', 'bar', 'bar', 'line', 'line']);
  });

  it('sets the office place arrivals against the tickets its desks took: the never-called ones have no desk', () => {
    const day = { ...figures(13), byDesk: [row('1', 'Accueil 1', { arrivals: 6 }), row('2', 'Accueil 2', { arrivals: 4 })] };
    expect(deskScope(day)).toEqual({ arrivals: 13, taken: 10, untaken: 3 });
    expect(deskScope({ ...day, byDesk: [] })).toEqual({ arrivals: 13, taken: 0, untaken: 13 });
  });

  it('offers today and the days before, across a month end', () => {
    expect(offeredDays(new Date(2026, 11, 2, 10), 4)).toEqual(['2026-12-02', '2026-12-01', '2026-11-30', '2026-11-29']);
  });
});

describe('Statistics view', () => {
  afterEach(() => {
    vi.useRealTimers();
    deskReplies.clear();
    deskCalls.length = 0;
    document.body.innerHTML = '';
  });

  it('shows the key and live figures, a table view per chart, and follows the board pushes while the day runs', async () => {
    vi.useFakeTimers();
    let arrivals = 3;
    deskReplies.set('statistics/day', () => ({ ok: true, value: figures(arrivals) }));
    const wrapper = mountView();
    await flushPromises();
    const value = (id: string) => wrapper.find(`[data-testid="figure-${id}"] [data-testid="value"]`).text();
    expect(value('arrivals')).toBe('3');
    expect(value('waitMedian')).toBe('12,5 min');
    expect(value('withinAmber')).toBe('50 %');
    expect(value('longestWaitNow')).toBe('30 min');
    expect(wrapper.find('[data-testid="statistics-live"]').exists()).toBe(true);
    expect(wrapper.findAll('canvas').map((canvas) => canvas.attributes('data-chart'))).toEqual(['Bar', 'Line', 'Bar', 'Bar']);

    await wrapper.find('[data-testid="chart-arrivalsPerHour-table"]').trigger('click');
    const cells = wrapper.findAll('[data-testid="table-arrivalsPerHour"] tbody tr').map((line) => line.findAll('th, td').map((cell) => cell.text()));
    expect(cells).toEqual([
      ['08h', '2'],
      ['09h', '3'],
      ['10h', '0'],
    ]);

    // A burst of pushes is one recomputation, after the burst.
    arrivals = 4;
    const before = deskCalls.filter((call) => call.channel === 'statistics/day').length;
    deskEmit('board/rows', { upserts: [], removed: [], reset: false });
    deskEmit('board/rows', { upserts: [], removed: [], reset: false });
    await vi.advanceTimersByTimeAsync(2_100);
    expect(deskCalls.filter((call) => call.channel === 'statistics/day').length).toBe(before + 1);
    expect(value('arrivals')).toBe('4');
    expect(wrapper.findAll('[data-testid="table-arrivalsPerHour"] tbody td').map((cell) => cell.text())).toEqual(['2', '4', '0']);
    wrapper.unmount();
  });

  it('exports the CSV without names by default; asking for names shows the warning first', async () => {
    deskReplies.set('statistics/day', () => ({ ok: true, value: figures(3) }));
    deskReplies.set('statistics/exportCsv', () => ({ ok: true, value: { fileName: 'tickets.csv', csv: 'ticket\r\n', rows: 3 } }));
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const wrapper = mountView();
    await flushPromises();
    await wrapper.find('[data-testid="statistics-export"]').trigger('click');
    await flushPromises();
    const dialog = () => document.querySelector('[data-testid="csv-dialog"]')!;
    expect(dialog().querySelector('[data-testid="csv-names-warning"]')).toBeNull();
    (dialog().querySelector('[data-testid="csv-include-names"] input') as HTMLInputElement).click();
    await flushPromises();
    expect(dialog().querySelector('[data-testid="csv-names-warning"]')?.textContent).toContain('données de santé nominatives');
    (dialog().querySelector('[data-testid="csv-download"]') as HTMLButtonElement).click();
    await flushPromises();
    expect(deskCalls.find((call) => call.channel === 'statistics/exportCsv')?.request).toEqual({ includeNames: true, language: 'fr' });
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(wrapper.find('[data-testid="statistics-notice"]').text()).toContain('3 tickets exportés');
    clicked.mockRestore();
    wrapper.unmount();
  });

  it('says why figures of another scope differ: the desk table counts the tickets each desk called, the waits only the called tickets', async () => {
    const day = { ...figures(13), byDesk: [row('1', 'Accueil 1', { arrivals: 6 }), row('2', 'Accueil 2', { arrivals: 4 })] };
    deskReplies.set('statistics/day', () => ({ ok: true, value: day }));
    const wrapper = mountView();
    await flushPromises();
    const tile = (id: string) => wrapper.find(`[data-testid="figure-${id}"]`);
    expect(tile('arrivals').find('[data-testid="value"]').text()).toBe('13');
    expect(tile('arrivals').find('[data-testid="scope"]').text()).toBe('tout le lieu, appelés ou non');
    // Two waits measured among 13 arrivals: the tile says over which tickets, and why on hover.
    expect(tile('waitMedian').find('[data-testid="scope"]').text()).toBe('sur 2 tickets appelés');
    expect(tile('waitMedian').find('[data-testid="scope"]').attributes('title')).toContain('seuls les tickets appelés');
    // Same scope as the arrivals: nothing to explain.
    expect(tile('absences').find('[data-testid="scope"]').exists()).toBe(false);

    const desks = wrapper.find('[data-testid="statistics-desks"]');
    expect(desks.findAll('thead th').map((cell) => cell.text())).toContain('Tickets appelés');
    expect(desks.findAll('tbody td').map((cell) => cell.text())).not.toContain('13');
    expect(wrapper.find('[data-testid="statistics-desks-note"]').text()).toBe(
      "Chaque guichet compte les tickets qu'il a appelés\u00a0: 10 des 13 arrivées du lieu. 3 arrivées n'ont été appelées à aucun guichet (en attente, annulées ou parties sans appel)\u00a0: elles comptent dans les chiffres du jour, pas dans ce tableau.",
    );
    expect(wrapper.find('[data-testid="chart-waitsPerHour-scope"]').text()).toBe("Tickets appelés seulement\u00a0: l'attente se mesure jusqu'au premier appel.");
    wrapper.unmount();
  });

  it('draws two hours of waits as bars, never a line through two points', async () => {
    deskReplies.set('statistics/day', () => ({ ok: true, value: { ...figures(3), byHour: [row('08', '08h', { arrivals: 1 }), row('09', '09h', { arrivals: 2 })] } }));
    const wrapper = mountView();
    await flushPromises();
    expect(wrapper.findAll('canvas').map((canvas) => canvas.attributes('data-chart'))).toEqual(['Bar', 'Bar', 'Bar', 'Bar']);
    wrapper.unmount();
  });
});

describe('board header live figures', () => {
  afterEach(() => {
    vi.useRealTimers();
    deskReplies.clear();
    deskCalls.length = 0;
  });

  it('shows the three figures from main, refreshed after a burst of board pushes, and stops following when gone', async () => {
    vi.useFakeTimers();
    let waitingNow = 2;
    deskReplies.set('statistics/live', () => ({ ok: true, value: { waitingNow, averageWaitLastHour: 7.25, longestWaitNow: null } }));
    const wrapper = mount(BoardLiveFigures, { global: { plugins: [createPinia(), createDeskI18n('fr'), createVuetify()] } });
    await flushPromises();
    const value = (id: string) => wrapper.find(`[data-testid="board-${id}"] [data-testid="value"]`).text();
    expect([value('waitingNow'), value('averageWaitLastHour'), value('longestWaitNow')]).toEqual(['2', '7,3 min', '—']);
    expect(wrapper.find('[data-testid="board-waitingNow"] dt').text()).toBe('En attente maintenant\u00a0:');
    waitingNow = 3;
    deskEmit('board/rows', { upserts: [], removed: [], reset: false });
    deskEmit('board/rows', { upserts: [], removed: [], reset: false });
    await vi.advanceTimersByTimeAsync(2_100);
    expect(deskCalls.filter((call) => call.channel === 'statistics/live')).toHaveLength(2);
    expect(value('waitingNow')).toBe('3');
    wrapper.unmount();
    deskEmit('board/rows', { upserts: [], removed: [], reset: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deskCalls.filter((call) => call.channel === 'statistics/live')).toHaveLength(2);
  });
});
