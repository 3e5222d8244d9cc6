import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import { createVuetify } from 'vuetify';
import { DEFAULT_BOARD_SETTINGS, type BoardRow } from '../../../../src-shared/board/rows';
import type { BoardSnapshot } from '../../../../src-shared/ipc/features/board.contract';
import type { DeskResult } from '../../../../src-shared/result';
import { linesToFill } from '../../../../src-renderer/features/board/model/fold';
import type { BoardLine } from '../../../../src-renderer/features/board/model/view';
import { useBoardStore } from '../../../../src-renderer/features/board/stores/board';
import BoardView from '../../../../src-renderer/features/board/views/BoardView.vue';
import { createDeskI18n } from '../../../../src-renderer/plugins/i18n';
import { deskCalls, deskReplies } from '../setup';
import { row } from './rows';

const ok = <T>(value: T) => (): DeskResult<T> => ({ ok: true, value });
const afterFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const rows = Array.from({ length: 40 }, (_, i) => row({ ticketId: `b${String(i).padStart(3, '0')}`, number: i }));

/** The board opened again from another page: the store still holds the rows main pushed. */
async function openBoard() {
  const snapshot: BoardSnapshot = {
    rows,
    live: { state: 'live', reason: null },
    workplace: { officePlaceId: 1, deskId: 1, deskLabel: 'Accueil 1' },
    settings: DEFAULT_BOARD_SETTINGS,
    locked: false,
    lock: null,
    held: null,
  };
  deskReplies.set('board/snapshot', ok(snapshot));
  deskReplies.set('statistics/live', ok({ waitingNow: 40, averageWaitLastHour: 12, longestWaitNow: 30 }));
  const pinia = createPinia();
  const board = useBoardStore(pinia);
  board.apply({ upserts: rows, removed: [], reset: false });
  board.loaded = true;
  const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/board', name: 'board', component: BoardView }, { path: '/check-in', name: 'checkin', component: BoardView }] });
  await router.push('/board');
  deskCalls.length = 0;
  const plugins = [pinia, router, createDeskI18n('fr'), createVuetify()];
  const view = mount(BoardView, { global: { plugins }, attachTo: document.body });
  /** The board opened once more in the same session (back from another page). */
  const again = () => mount(BoardView, { global: { plugins }, attachTo: document.body });
  return Object.assign(view, { again });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('opening the board', () => {
  it('draws the rows it holds in its first frame, and asks main and shows the figures and desk menus after it', async () => {
    const view = await openBoard();
    await flushPromises();
    expect(view.findAll('[data-testid="board-row"]').length).toBeGreaterThan(0);
    expect(deskCalls.map((call) => call.channel)).toEqual([]);
    expect(view.find('[data-testid="board-live-figures"]').exists()).toBe(false);
    expect(view.find('[data-testid="desk-controls"]').exists()).toBe(false);

    await afterFrame();
    await flushPromises();
    expect(deskCalls.map((call) => call.channel)).toEqual(expect.arrayContaining(['board/snapshot', 'board/office', 'statistics/live']));
    expect(view.find('[data-testid="board-live-figures"]').text()).toContain('40');
    expect(view.find('[data-testid="desk-controls"]').exists()).toBe(true);
    view.unmount();
  });

  it('draws in its first frame the lines the list has room for, the one cut by its bottom edge included, each with its wait, and more lines and the buttons a frame later', async () => {
    // 200 px of list: the « waiting » heading (28 px) and five 36 px rows fill it (208), four would leave a gap (172).
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('board-list') ? 200 : 0;
    });
    const view = await openBoard();
    await flushPromises();
    expect(view.findAll('[data-testid="board-row"]').map((line) => line.attributes('data-ticket'))).toEqual(['B000', 'B001', 'B002', 'B003', 'B004']);
    // Who is there and since when first; their buttons and marks come with the rest, a frame later.
    expect(view.find('[data-testid="board-row"]').find('[data-testid="row-wait"]').exists()).toBe(true);
    expect(view.findAll('[data-testid="board-row"] [data-move]')).toHaveLength(0);

    await afterFrame();
    await flushPromises();
    expect(view.findAll('[data-testid="board-row"]').length).toBeGreaterThan(5);
    expect(view.find('[data-testid="board-row"]').find('[data-move="call"]').exists()).toBe(true);
    view.unmount();
  });

  it("opened again, fills its first frame to the list's height at the last paint without measuring the page", async () => {
    let measured = 0;
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      if (!this.classList.contains('board-list')) return 0;
      measured += 1;
      return 200;
    });
    const view = await openBoard();
    await flushPromises();
    await afterFrame();
    await flushPromises();
    view.unmount();
    measured = 0;

    const again = view.again();
    await flushPromises();
    // Measuring there would lay out the whole page in the opening's task, before anything is painted.
    expect(measured).toBe(0);
    expect(again.findAll('[data-testid="board-row"]').map((line) => line.attributes('data-ticket'))).toEqual(['B000', 'B001', 'B002', 'B003', 'B004']);
    await afterFrame();
    await flushPromises();
    expect(again.findAll('[data-testid="board-row"]').length).toBeGreaterThan(5);
    again.unmount();
  });

  it('counts headings and rows at their own heights to fill the list', () => {
    const heading = (group: 'called' | 'waiting'): BoardLine => ({ kind: 'group', key: `group:${group}`, group, count: 1 });
    const line = (ticket: BoardRow): BoardLine => ({ kind: 'row', key: ticket.ticketId, row: ticket });
    const lines = [heading('called'), line(rows[0]!), heading('waiting'), ...rows.slice(1, 6).map(line)];
    // Two headings (28 px each) and a row (36 px) make 92 px.
    expect(linesToFill(lines, 92)).toBe(3);
    expect(linesToFill(lines, 93)).toBe(4);
    expect(linesToFill(lines, 10_000)).toBe(lines.length);
  });
});
