import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVuetify } from 'vuetify';
import { DEFAULT_BOARD_SETTINGS, type BoardRow } from '../../../../src-shared/board/rows';
import type { BoardRowsEvent, BoardSnapshot } from '../../../../src-shared/ipc/features/board.contract';
import MyPatientPanel from '../../../../src-renderer/features/board/components/MyPatientPanel.vue';
import { BoardLines } from '../../../../src-renderer/features/board/model/board-lines';
import { ARRIVAL_CUE_MS, useBoardStore } from '../../../../src-renderer/features/board/stores/board';
import { createDeskI18n } from '../../../../src-renderer/plugins/i18n';
import { row } from './rows';

const HERE = { deskId: 1, deskLabel: 'Accueil 1' };
const callBy = (deskId: number | null, deskLabel: string, at: string) => ({ deskId, deskLabel, at: `2026-11-23T${at}:00+01:00` });
const push = (upserts: BoardRow[], reset = false): BoardRowsEvent => ({ upserts, removed: [], reset });

describe("this desk's patient", () => {
  it('is the last patient called here, while called or in care, kept row by row', () => {
    const lines = new BoardLines([row({ ticketId: 'w' }), row({ ticketId: 'o', group: 'called', lastCall: callBy(2, 'Accueil 2', '09:30') })]);
    lines.setDesk(HERE);
    expect(lines.myPatient()).toBeNull();
    lines.apply(push([row({ ticketId: 'a', group: 'called', lastCall: callBy(1, 'Accueil 1', '09:10') })]));
    lines.apply(push([row({ ticketId: 'b', group: 'inCare', status: 'inCare', lastCall: callBy(1, 'Accueil 1', '09:20') })]));
    expect(lines.myPatient()?.ticketId).toBe('b');
    lines.apply(push([row({ ticketId: 'b', group: 'done', status: 'done', lastCall: callBy(1, 'Accueil 1', '09:20') })]));
    expect(lines.myPatient()?.ticketId).toBe('a');
    lines.apply({ upserts: [], removed: ['a'], reset: false });
    expect(lines.myPatient()).toBeNull();
    // A desk without a number is known by the label its calls carry.
    lines.setDesk({ deskId: null, deskLabel: 'Accueil 2' });
    expect(lines.myPatient()?.ticketId).toBe('o');
  });

  it('is the second patient called here in the same second as the first, and follows the offsets of the call times', () => {
    const lines = new BoardLines([]);
    lines.setDesk(HERE);
    lines.apply(push([row({ ticketId: 'first', group: 'called', lastCall: callBy(1, 'Accueil 1', '09:10') })]));
    lines.apply(push([row({ ticketId: 'second', group: 'called', lastCall: callBy(1, 'Accueil 1', '09:10') })]));
    expect(lines.myPatient()?.ticketId).toBe('second');
    // Called again (same second): the first is the one at the desk now.
    lines.apply(push([row({ ticketId: 'first', group: 'called', calls: 2, lastCall: callBy(1, 'Accueil 1', '09:10') })]));
    expect(lines.myPatient()?.ticketId).toBe('first');
    // 08:15 UTC is after 09:10+01:00 although its text sorts before it.
    lines.apply(push([row({ ticketId: 'utc', group: 'called', lastCall: { deskId: 1, deskLabel: 'Accueil 1', at: '2026-11-23T08:15:00Z' } })]));
    lines.apply(push([row({ ticketId: 'second', group: 'inCare', status: 'inCare', lastCall: callBy(1, 'Accueil 1', '09:10') })]));
    expect(lines.myPatient()?.ticketId).toBe('utc');
  });

  it('names new waiting tickets as arrivals, not changed ones nor a reloaded day', () => {
    const lines = new BoardLines([row({ ticketId: 'w' })]);
    expect(lines.apply(push([row({ ticketId: 'w', number: 2 }), row({ ticketId: 'n' }), row({ ticketId: 'c', group: 'called' })]))).toEqual(['n']);
    expect(lines.apply(push([row({ ticketId: 'x' })], true))).toEqual([]);
  });

  it('offers the next move as the main button: in care once called, done once in care', async () => {
    const mountPanel = (over: Partial<BoardRow>) =>
      mount(MyPatientPanel, {
        props: {
          row: row({ ticketId: 'i004', lastCall: callBy(1, 'Accueil 1', '09:30'), ...over }),
          mine: true,
          hasMine: true,
          now: Date.parse('2026-11-23T09:40:00+01:00'),
          settings: DEFAULT_BOARD_SETTINGS,
          desks: true,
        },
        global: { plugins: [createDeskI18n('fr'), createVuetify()] },
      });
    const called = mountPanel({ group: 'called', calls: 1 });
    expect(called.text()).toContain('Mon patient');
    expect(called.find('[data-testid="my-patient-next"]').text()).toBe('En examen');
    await called.find('[data-testid="my-patient-next"]').trigger('click');
    expect(called.emitted('move')).toEqual([['inCare']]);
    // The panel's buttons are the row's moves, the keys' too: a called patient is recalled, taken in, transferred or absent.
    expect(called.findAll('button').map((button) => button.text())).toEqual(['Rappeler', 'En examen', 'Transférer', 'Absent']);
    const inCare = mountPanel({ group: 'inCare', status: 'inCare', inCareAt: '2026-11-23T09:32:00+01:00' });
    expect(inCare.find('[data-testid="my-patient-next"]').text()).toBe('Terminé');
    expect(inCare.text()).toContain('en examen depuis 8 min');
  });
});

describe('arrival cue', () => {
  let pushRows: (change: BoardRowsEvent) => void = () => undefined;
  const played = vi.fn();

  beforeEach(() => {
    setActivePinia(createPinia());
    const api = window.desk!;
    api.on.board.rows = (listener) => {
      pushRows = listener;
      return () => undefined;
    };
    played.mockClear();
    // Web Audio as far as the chime uses it: each tone started counts as played.
    const node = () => ({ connect: (next: unknown) => next, frequency: {}, gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, start: played, stop() {} });
    vi.stubGlobal(
      'AudioContext',
      class {
        currentTime = 0;
        destination = {};
        createOscillator = node;
        createGain = node;
        close = () => Promise.resolve();
      },
    );
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function openWith(arrivalChime: boolean) {
    const board = useBoardStore();
    const snapshot: BoardSnapshot = {
      rows: [row({ ticketId: 'a' })],
      live: { state: 'live', reason: null },
      workplace: { officePlaceId: 1, ...HERE },
      settings: { ...DEFAULT_BOARD_SETTINGS, arrivalChime },
      locked: false,
      lock: null,
      held: null,
    };
    window.desk!.board.snapshot = () => Promise.resolve({ ok: true, value: snapshot });
    await board.open();
    return board;
  }

  it('highlights a new arrival for a moment, silently by default', async () => {
    const board = await openWith(false);
    pushRows(push([row({ ticketId: 'b' }), row({ ticketId: 'a', number: 3 })]));
    expect([...board.arrived]).toEqual(['b']);
    expect(played).not.toHaveBeenCalled();
    vi.advanceTimersByTime(ARRIVAL_CUE_MS);
    expect(board.arrived.size).toBe(0);
  });

  it('chimes when the board settings ask for it', async () => {
    await openWith(true);
    pushRows(push([row({ ticketId: 'b' })]));
    expect(played).toHaveBeenCalled();
  });
});
