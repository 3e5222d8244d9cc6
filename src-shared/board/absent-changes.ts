import type { AbsentChanges, AbsentRow } from './desks';

/** The absent list's order: called the longest ago first, then by ticket (the same on main and in the page). */
export function byAbsentSince(a: AbsentRow, b: AbsentRow): number {
  return a.at.localeCompare(b.at) || a.ticketId.localeCompare(b.ticketId);
}

/** The absent rows as last pushed, each as its JSON, by ticket. */
export type PushedAbsent = ReadonlyMap<string, string>;

/**
 * What changed in the absent list since `pushed`: the rows new or different, the tickets gone. Null
 * when nothing did. The list is pushed as its changes, as the rows are: by evening it holds a hundred
 * patients, and a desk letting them go one by one sent the whole list each time (35 KB a push, 11.6 MB
 * to one desk for the full day's end, 7 Dec 2026).
 */
export function absentChanges(pushed: PushedAbsent, rows: readonly AbsentRow[]): { changes: AbsentChanges | null; pushed: PushedAbsent } {
  const next = new Map(rows.map((row) => [row.ticketId, JSON.stringify(row)]));
  const upserts = rows.filter((row) => pushed.get(row.ticketId) !== next.get(row.ticketId));
  const removed = [...pushed.keys()].filter((ticketId) => !next.has(ticketId));
  return { changes: upserts.length || removed.length ? { upserts, removed } : null, pushed: next };
}

/** The list with its changes applied, in its order. */
export function withAbsentChanges(list: readonly AbsentRow[], changes: AbsentChanges): AbsentRow[] {
  const gone = new Set([...changes.removed, ...changes.upserts.map((row) => row.ticketId)]);
  return [...list.filter((row) => !gone.has(row.ticketId)), ...changes.upserts].sort(byAbsentSince);
}
