import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import { createVuetify } from 'vuetify';
import { DEFAULT_BOARD_SETTINGS } from '../../../../src-shared/board/rows';
import type { BoardSnapshot } from '../../../../src-shared/ipc/features/board.contract';
import type { DeskResult } from '../../../../src-shared/result';
import { useBoardStore } from '../../../../src-renderer/features/board/stores/board';
import BoardView from '../../../../src-renderer/features/board/views/BoardView.vue';
import { createDeskI18n } from '../../../../src-renderer/plugins/i18n';
import { deskCalls, deskReplies } from '../setup';
import { row } from './rows';

const ok = <T>(value: T) => (): DeskResult<T> => ({ ok: true, value });
const afterFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe('opening the board', () => {
  it('draws the rows it holds in its first frame, and asks main and shows the figures and desk menus after it', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => row({ ticketId: `b${String(i).padStart(3, '0')}`, number: i }));
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
    // Back from another page: the store still holds the rows main pushed.
    const board = useBoardStore(pinia);
    board.apply({ upserts: rows, removed: [], reset: false });
    board.loaded = true;
    const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/board', name: 'board', component: BoardView }, { path: '/check-in', name: 'checkin', component: BoardView }] });
    await router.push('/board');
    deskCalls.length = 0;

    const view = mount(BoardView, { global: { plugins: [pinia, router, createDeskI18n('fr'), createVuetify()] }, attachTo: document.body });
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
});
