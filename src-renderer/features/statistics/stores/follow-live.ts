import type { BoardRowsEvent } from '../../../../src-shared/ipc/features/board.contract';
import { desk } from '../../../bridge/desk';

/** Board pushes come in bursts: one recomputation per burst. */
const PUSH_COALESCE_MS = 2_000;
/**
 * A busy desk's pushes never stop: at most one recomputation this often then. Each reads the whole
 * day's tickets in main, and by evening that was a tenth of desk 1's main (full day, 29 Nov 2026).
 */
const BUSY_REFRESH_MS = 5_000;
/** Waits grow with the clock even when nothing happens. */
const CLOCK_REFRESH_MS = 30_000;

/**
 * Keeps figures computed in main current while something shows them: loads at once, after each
 * burst of the board's pushes (`board/rows`; not the re-checks' freshness alone, which never
 * stops on a busy desk and moves no figure) and with the clock. `follow` per component that shows
 * them, `unfollow` when it goes; the last one stops it all.
 */
export function liveFollower(load: () => Promise<void>): { follow: () => void; unfollow: () => void } {
  let followers = 0;
  let stops: (() => void)[] = [];
  let coalesce: ReturnType<typeof setTimeout> | null = null;
  /** When pushes last led to a load: the next burst waits for BUSY_REFRESH_MS after it. */
  let pushedLoadAt = Number.NEGATIVE_INFINITY;

  function pushed(change: BoardRowsEvent): void {
    if (coalesce !== null || change.freshnessOnly) return;
    const delay = Math.max(PUSH_COALESCE_MS, pushedLoadAt + BUSY_REFRESH_MS - Date.now());
    coalesce = setTimeout(() => {
      coalesce = null;
      pushedLoadAt = Date.now();
      void load();
    }, delay);
  }

  return {
    follow(): void {
      followers += 1;
      if (followers > 1) return;
      const clock = setInterval(() => void load(), CLOCK_REFRESH_MS);
      stops = [desk.on.board.rows(pushed), () => clearInterval(clock)];
      void load();
    },
    unfollow(): void {
      followers = Math.max(0, followers - 1);
      if (followers > 0) return;
      for (const stop of stops) stop();
      stops = [];
      if (coalesce !== null) clearTimeout(coalesce);
      coalesce = null;
    },
  };
}
