/**
 * Inserts `item` into `kept` (in `before` order, at most `limit` long), dropping what falls past the
 * limit: the first few of a long list in one pass, without sorting all of it (the re-checks' rows due
 * five times a second, the display's latest calls of a whole day). Equals keep the order they came in.
 */
export function keepFirst<T>(kept: T[], item: T, limit: number, before: (a: T, b: T) => boolean): void {
  if (kept.length >= limit && (limit <= 0 || !before(item, kept.at(-1)!))) return;
  let index = kept.length;
  while (index > 0 && before(item, kept[index - 1]!)) index -= 1;
  kept.splice(index, 0, item);
  if (kept.length > limit) kept.pop();
}
