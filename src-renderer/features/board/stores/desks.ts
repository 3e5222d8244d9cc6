import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { withAbsentChanges } from '../../../../src-shared/board/absent-changes';
import type { AbsentRow, BoardOffice, QueueOptions, TransferRequest } from '../../../../src-shared/board/desks';
import type { BoardActionResult } from '../../../../src-shared/ipc/features/board.contract';
import type { DeskQueue, DeskState } from '../../../../src-shared/platform/desks';
import { desk, unwrap } from '../../../bridge/desk';

type AbsentUpdate = (list: AbsentRow[]) => AbsentRow[];

/**
 * Several desks, one office: this desk's state and queue, the office's other desks and the
 * absent patients, as main pushes them (`board/office`). Actions go through main, which tells
 * the platform; the board's rows follow by their own pushes.
 */
export const useDesksStore = defineStore('desks', () => {
  const office = ref<BoardOffice | null>(null);
  let unsubscribe: (() => void)[] = [];

  const others = computed(() => office.value?.desks ?? []);
  const absent = computed(() => office.value?.absent ?? []);
  const state = computed<DeskState>(() => office.value?.me.state ?? 'open');
  const queue = computed<DeskQueue | null>(() => office.value?.me.queue ?? null);
  /** The desk serves a part of the office (some exam types, rooms or practitioners). */
  const restricted = computed(() => {
    const chosen = queue.value;
    return chosen !== null && chosen.examTypeIds.length + chosen.rooms.length + chosen.practitioners.length > 0;
  });

  /**
   * The absent list's pushes received while the office is asked, one list per question in flight. The
   * push and the answer travel apart: what was pushed meanwhile is applied again to the answer, or a
   * change the answer missed would be lost until that patient's next one.
   */
  const asking = new Set<AbsentUpdate[]>();

  async function open(): Promise<void> {
    if (unsubscribe.length === 0) {
      unsubscribe = [
        // The absent list comes whole, or as what changed in it, or not at all: the one here stands then.
        desk.on.board.office(({ absent: whole, absentChanges: changes, ...next }) => {
          const update = whole ? () => whole : changes ? (list: AbsentRow[]) => withAbsentChanges(list, changes) : null;
          if (update) for (const arrived of asking) arrived.push(update);
          const list = office.value?.absent ?? [];
          office.value = { ...next, absent: update ? update(list) : list };
        }),
        // Locked, no patient name stays behind the lock: the absent list goes with the rows.
        desk.on.board.locked((lock) => {
          if (lock) for (const arrived of asking) arrived.push(() => []);
          if (lock && office.value) office.value = { ...office.value, absent: [] };
        }),
      ];
    }
    const arrived: AbsentUpdate[] = [];
    asking.add(arrived);
    try {
      const answer = await unwrap(desk.board.office());
      office.value = { ...answer, absent: arrived.reduce((list, update) => update(list), answer.absent) };
    } finally {
      asking.delete(arrived);
    }
  }

  function close(): void {
    for (const stop of unsubscribe) stop();
    unsubscribe = [];
  }

  async function setState(next: DeskState): Promise<void> {
    office.value = await unwrap(desk.board.setDeskState({ state: next }));
  }

  async function setQueue(next: DeskQueue): Promise<void> {
    office.value = await unwrap(desk.board.setQueue(next));
  }

  const queueOptions = (): Promise<QueueOptions> => unwrap(desk.board.queueOptions());
  const transfer = (request: TransferRequest): Promise<BoardActionResult> => unwrap(desk.board.transfer(request));
  const markAbsent = (ticketId: string): Promise<BoardActionResult> => unwrap(desk.board.absent({ ticketId }));
  const dismissAbsent = (ticketId: string): Promise<BoardActionResult> => unwrap(desk.board.dismissAbsent({ ticketId }));
  const recall = (ticketId: string): Promise<BoardActionResult> => unwrap(desk.board.call({ ticketId, recall: true }));

  return { office, others, absent, state, queue, restricted, open, close, setState, setQueue, queueOptions, transfer, markAbsent, dismissAbsent, recall };
});
