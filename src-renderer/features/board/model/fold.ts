import type { BoardLine } from './view';

/** A line's height in the list, as the styles of BoardList (heading) and BoardRowItem (row) fix it. */
export const LINE_HEIGHT: Record<BoardLine['kind'], number> = { group: 28, row: 36 };

/**
 * How many of the first lines it takes to fill `height` pixels of the list, the one cut by its
 * bottom edge included: the board's first frame draws these, never fewer than show.
 */
export function linesToFill(lines: readonly BoardLine[], height: number): number {
  let filled = 0;
  let count = 0;
  for (const line of lines) {
    if (filled >= height) break;
    filled += LINE_HEIGHT[line.kind];
    count += 1;
  }
  return count;
}
