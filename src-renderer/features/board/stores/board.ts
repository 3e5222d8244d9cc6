import { defineStore } from 'pinia';
import { computed, ref, shallowRef, triggerRef } from 'vue';
import { HELD_STATUSES as HELD, UNDO_MS, type HeldMove, type HeldStatus } from '../../../../src-shared/board/held';
import { DEFAULT_BOARD_SETTINGS, type BoardRow, type BoardSettings, type ForwardStatus } from '../../../../src-shared/board/rows';
import type { BoardActionResult, BoardLive, BoardLock, BoardRefused, BoardRowsEvent } from '../../../../src-shared/ipc/features/board.contract';
import type { Workplace } from '../../../../src-shared/ipc/workplace';
import type { UnsentMove } from '../../../../src-shared/board/unsent';
import { desk, unwrap } from '../../../bridge/desk';
import { BoardLines } from '../model/board-lines';
import { chime } from '../model/chime';
import { decideKey, type KeyDecision, type KeyMove } from '../model/moves';
import { NO_FILTERS, type BoardFilters } from '../model/view';

/** How long a new arrival's row stays highlighted. */
export const ARRIVAL_CUE_MS = 4_000;

export { UNDO_MS };
/** The moves main holds for an Undo: once sent, neither the publisher nor the platform offers a way back. */
export const HELD_STATUSES: ReadonlySet<ForwardStatus> = new Set(HELD);

/** The move main holds for its Undo; `sendAt` is when it leaves on its own, on this window's clock (epoch ms). */
export interface HeldAction {
  id: string;
  ticketId: string;
  formattedNumber: string;
  status: HeldStatus;
  sendAt: number;
}

/** What main pushed while a snapshot was on its way (the held move and the lock: null when nothing came). */
interface PushedDuringRefresh {
  rows: BoardRowsEvent[];
  live: BoardLive | null;
  held: { move: HeldMove | null } | null;
  lock: { next: BoardLock | null } | null;
}

/** What became of a held move once sent (shown by any window of the desk). */
export interface HeldOutcome {
  status: HeldStatus;
  result: BoardActionResult;
}

/** The call board as main pushes it; this store only mirrors, filters and sends actions. */
export const useBoardStore = defineStore('board', () => {
  // Plain objects behind a shallow ref: one push of N rows is one reactive update, not N,
  // and the lines follow row by row instead of re-filtering and re-sorting the board.
  const board = new BoardLines();
  const rows = shallowRef(board.rows);
  const live = ref<BoardLive>({ state: 'connecting', reason: null });
  const workplace = ref<Workplace | null>(null);
  /** The office places this staff member may work at, named (asked once per opening; the board header names the place). */
  const officePlaces = ref<{ officePlaceId: number; name: string }[]>([]);
  const placeName = computed(() => officePlaces.value.find((place) => place.officePlaceId === workplace.value?.officePlaceId)?.name ?? null);
  const settings = ref<BoardSettings>(DEFAULT_BOARD_SETTINGS);
  /** Why the desk is locked, or null: while locked the store holds no row, so no name can show. */
  const lockState = ref<BoardLock | null>(null);
  const locked = computed(() => lockState.value !== null);
  const loaded = ref(false);
  const filters = ref<BoardFilters>({ ...NO_FILTERS });
  const chosenId = ref<string | null>(null);
  /**
   * The row staff chose (arrow keys, a click, a row's button) or the patient just called; null:
   * the keys act on this desk's patient. See `selected`. The row staff pick is read from the medical
   * system at once (main's budget allows it); best effort. Not a watch: a store's watcher keeps the
   * component that first used the store (the first board drawn) in memory for the whole session.
   */
  const selectedId = computed<string | null>({
    get: () => chosenId.value,
    set: (ticketId) => {
      if (ticketId === chosenId.value) return;
      chosenId.value = ticketId;
      if (ticketId) void desk.board.focus({ ticketId }).catch(() => undefined);
    },
  });
  /** Call next is on its way: its button waits (each row's own moves show on the row, the board stays usable). */
  const busy = ref(false);
  /** Calls and transfers the platform did not take (an outage): offered back once it is live, never sent on their own. */
  const unsent = ref<UnsentMove[]>([]);
  /** Changes refused after they waited in the outbox: shown until staff dismiss them. */
  const refusals = ref<BoardRefused[]>([]);
  /** The move main holds for its Undo, or null; one at a time (a second one sends the first at once). */
  const held = ref<HeldAction | null>(null);
  /** The last held move sent, for the message saying so. */
  const heldOutcome = ref<HeldOutcome | null>(null);
  /** Tickets that arrived a moment ago, for a short highlight of their rows; replaced only on an arrival. */
  const arrived = shallowRef<ReadonlySet<string>>(new Set());
  let unsubscribe: (() => void)[] = [];
  /**
   * The list's height (px) when the board was last painted: the next opening's first frame fills it
   * without measuring the page (a forced layout of the whole page in the opening's task, ~4 ms of it).
   */
  let listRoom: number | null = null;
  const rememberedListRoom = (): number | null => listRoom;
  function rememberListRoom(px: number): void {
    listRoom = px;
  }
  // Pushes and the snapshot travel on different channels: pushes that arrive while a
  // snapshot is in flight win over it, or the snapshot would erase them.
  let arrivedDuringRefresh: PushedDuringRefresh | null = null;

  function apply(change: BoardRowsEvent): void {
    const arrivals = board.apply(change);
    triggerRef(rows);
    // While a snapshot is on its way the board is not the day's yet (empty at opening, after an
    // unlock): a row is new only if the snapshot lacks it too, which the replay tells.
    if (arrivedDuringRefresh) arrivedDuringRefresh.rows.push(change);
    else if (arrivals.length > 0) cue(arrivals);
  }

  function cue(arrivals: string[]): void {
    arrived.value = new Set([...arrived.value, ...arrivals]);
    if (settings.value.arrivalChime) chime();
    setTimeout(() => {
      const left = new Set(arrived.value);
      for (const id of arrivals) left.delete(id);
      arrived.value = left;
    }, ARRIVAL_CUE_MS);
  }

  async function open(): Promise<void> {
    if (unsubscribe.length === 0) {
      unsubscribe = [
        desk.on.board.rows(apply),
        desk.on.board.live((next) => {
          live.value = next;
          if (arrivedDuringRefresh) arrivedDuringRefresh.live = next;
        }),
        desk.on.board.refused((refusal) => refusals.value.push(refusal)),
        desk.on.board.unsent((moves) => (unsent.value = moves)),
        desk.on.board.held((move) => {
          if (arrivedDuringRefresh) arrivedDuringRefresh.held = { move };
          showHeld(move);
        }),
        desk.on.board.heldSent(({ status, result }) => (heldOutcome.value = { status, result })),
        desk.on.board.locked((next) => {
          if (arrivedDuringRefresh) arrivedDuringRefresh.lock = { next };
          setLock(next);
          if (!next) void refresh();
        }),
      ];
    }
    await Promise.all([refresh(), loadPlaces(), loadUnsent()]);
  }

  async function loadUnsent(): Promise<void> {
    try {
      unsent.value = await unwrap(desk.board.unsent());
    } catch {
      // Offered again at the next push; the board itself does not depend on it.
    }
  }

  /** Staff chose not to make an unsent move after all. */
  async function dropUnsent(ticketId: string): Promise<void> {
    unsent.value = await unwrap(desk.board.dropUnsent({ ticketId }));
  }

  async function loadPlaces(): Promise<void> {
    try {
      officePlaces.value = (await workplaceOptions()).officePlaces;
    } catch {
      // Without names the header shows the desk alone; the board itself does not depend on them.
    }
  }

  function setLock(next: BoardLock | null): void {
    lockState.value = next;
    if (!next) return;
    board.replace([]);
    selectedId.value = null;
    triggerRef(rows);
  }

  async function refresh(): Promise<void> {
    const arrived: PushedDuringRefresh = { rows: [], live: null, held: null, lock: null };
    arrivedDuringRefresh = arrived;
    let snapshot;
    try {
      snapshot = await unwrap(desk.board.snapshot());
    } finally {
      if (arrivedDuringRefresh === arrived) arrivedDuringRefresh = null;
    }
    board.replace(snapshot.rows);
    // Events carry whole rows in order, so replaying them yields the newest state.
    const arrivals = arrived.rows.flatMap((change) => board.apply(change));
    triggerRef(rows);
    live.value = arrived.live ?? snapshot.live;
    workplace.value = snapshot.workplace;
    board.setDesk(snapshot.workplace);
    settings.value = snapshot.settings;
    // A lock or a held move pushed meanwhile may be newer than the snapshot or older: the push is
    // shown (a desk that locked stays locked; a countdown main ended is not drawn again at 0 s for
    // ever) and main is asked again, its second answer being later than both.
    setLock(arrived.lock ? arrived.lock.next : snapshot.lock);
    showHeld(arrived.held ? arrived.held.move : snapshot.held);
    loaded.value = true;
    if (arrivals.length > 0 && !lockState.value) cue(arrivals);
    if (arrived.lock || arrived.held) void refresh().catch(() => undefined);
  }

  function close(): void {
    // A held move is main's: it is sent when its countdown ends, whether this window stays or not.
    for (const stop of unsubscribe) stop();
    unsubscribe = [];
  }

  const lines = computed(() => {
    void rows.value;
    return board.lines(filters.value);
  });
  /** Same row object until it changes: the panel redraws only when this desk's patient does. */
  const myPatient = computed(() => (void rows.value, board.myPatient()));
  /**
   * The row the keys act on, shown in the target panel and highlighted in the list: the chosen
   * row while it is on the board (even when a filter hides it from the list), else this desk's
   * patient. Never a row nobody chose: the first waiting patient is no default.
   */
  const selected = computed<BoardRow | null>(() => {
    void rows.value;
    const id = selectedId.value;
    return (id ? board.rows.get(id) : undefined) ?? myPatient.value;
  });
  /** The keys act on this desk's patient (no other row chosen). */
  const selectedIsMine = computed(() => selected.value !== null && selected.value === myPatient.value);
  // The same array until a value appears or goes, so the menus do not redraw on every push.
  const examTypes = computed(() => (void rows.value, board.choices('examType')));
  const practitioners = computed(() => (void rows.value, board.choices('practitioner')));
  const rooms = computed(() => (void rows.value, board.choices('room')));

  /** Arrow keys: the next or previous row of the list from the target (from the top when it is not listed). */
  function moveSelection(step: 1 | -1): void {
    const list = lines.value.filter((line) => line.kind === 'row');
    if (list.length === 0) return;
    const at = list.findIndex((line) => line.key === selected.value?.ticketId);
    const next = at === -1 ? list[0]! : list[Math.min(list.length - 1, Math.max(0, at + step))]!;
    selectedId.value = next.key;
  }

  /** A row chosen by a click, or null to go back to this desk's patient (Escape). */
  function choose(ticketId: string | null): void {
    selectedId.value = ticketId;
  }

  /**
   * The row of an arrival the check-in shows (« Voir au tableau »): by its appointment, else by the
   * ticket number a journey's other appointments share. False while the board does not hold it yet.
   */
  function chooseArrival(contractAppointmentId: string, formattedNumber: string): boolean {
    const all = [...board.rows.values()];
    const row = all.find((candidate) => candidate.contractAppointmentId === contractAppointmentId) ?? all.find((candidate) => candidate.formattedNumber === formattedNumber);
    if (row) selectedId.value = row.ticketId;
    return row !== undefined;
  }

  /** What a key would do now, on the target row; `desks`: the platform offers transfer and absent. */
  function decide(move: KeyMove, desks = true): KeyDecision {
    return decideKey(move, selected.value, { desks });
  }

  /** The selection follows the patient called, before the row's push says so (they travel apart). */
  async function following(called: Promise<BoardActionResult>): Promise<BoardActionResult> {
    const result = await called;
    if (result.outcome !== 'notSent') selectedId.value = result.ticketId;
    return result;
  }

  async function callNext(): Promise<BoardActionResult> {
    busy.value = true;
    try {
      return await following(unwrap(desk.board.callNext()));
    } finally {
      busy.value = false;
    }
  }
  const call = (ticketId: string, recall: boolean, force = false) => following(unwrap(desk.board.call({ ticketId, recall, force })));
  const send = (ticketId: string, status: ForwardStatus) => unwrap(desk.board.setStatus({ ticketId, status }));

  /**
   * Moves a ticket forward. In care goes at once (the next step follows it); done and close are held
   * by main for UNDO_MS first (null: held, its outcome comes as `heldOutcome`), and sent by main when
   * the countdown ends, whether this window is still open or not.
   */
  async function setStatus(ticketId: string, status: ForwardStatus): Promise<BoardActionResult | null> {
    if (status === 'inCare') return send(ticketId, status);
    showHeld(await unwrap(desk.board.hold({ ticketId, status })));
    return null;
  }

  function showHeld(move: HeldMove | null): void {
    // Counted down on this window's clock from what main said was left.
    held.value = move && { id: move.id, ticketId: move.ticketId, formattedNumber: move.formattedNumber, status: move.status, sendAt: Date.now() + move.sendInMs };
  }

  /** Takes the held move back, from this window or any other: true when nothing left for the medical system. */
  async function undo(): Promise<boolean> {
    const move = held.value;
    if (!move) return false;
    held.value = null;
    const { undone } = await unwrap(desk.board.undoHeld({ id: move.id }));
    return undone;
  }

  const workplaceOptions = () => unwrap(desk.board.workplaceOptions());
  /** Reprints a row's ticket (the printing feature re-verifies and prints). */
  const reprint = (contractAppointmentId: string) => unwrap(desk.printing.reprint({ contractAppointmentId }));

  async function chooseWorkplace(next: Workplace): Promise<void> {
    workplace.value = await unwrap(desk.board.chooseWorkplace(next));
    await refresh();
  }

  async function saveSettings(next: BoardSettings): Promise<void> {
    settings.value = await unwrap(desk.board.saveSettings(next));
  }

  async function lock(reason: BoardLock['reason'] = 'manual'): Promise<void> {
    // Main sends a held move when the desk locks.
    await unwrap(desk.board.lock({ reason }));
  }
  async function unlock(password: string): Promise<void> {
    await unwrap(desk.board.unlock({ password }));
    lockState.value = null;
  }

  return {
    rememberedListRoom,
    rememberListRoom,
    rows,
    refusals,
    live,
    workplace,
    placeName,
    settings,
    locked,
    lockState,
    loaded,
    filters,
    selectedId,
    selected,
    selectedIsMine,
    myPatient,
    arrived,
    busy,
    unsent,
    dropUnsent,
    lines,
    examTypes,
    practitioners,
    rooms,
    open,
    close,
    apply,
    moveSelection,
    choose,
    chooseArrival,
    decide,
    callNext,
    call,
    setStatus,
    held,
    heldOutcome,
    undo,
    reprint,
    workplaceOptions,
    chooseWorkplace,
    saveSettings,
    lock,
    unlock,
  };
});
