import { createPinia } from 'pinia';
import { describe, expect, it } from 'vitest';
import type { AbsentRow, BoardOffice } from '../../../../src-shared/board/desks';
import type { DeskResult } from '../../../../src-shared/result';
import { useDesksStore } from '../../../../src-renderer/features/board/stores/desks';
import { deskEmit, deskReplies } from '../setup';

const absentRow: AbsentRow = { ticketId: 't1', formattedNumber: 'A001', patientDisplayName: 'Jean D.', calls: 2, deskLabel: 'Accueil 1', at: '2026-11-29T09:00:00+01:00' };
const office: BoardOffice = { me: { state: 'open', queue: { examTypeIds: [], rooms: [], practitioners: [] } }, desks: [], absent: [absentRow], presence: 'live' };

describe('the office as the board keeps it', () => {
  it('keeps the absent list through the pushes that leave it out, takes a new one, and drops it when the desk locks', async () => {
    deskReplies.set('board/office', (): DeskResult<BoardOffice> => ({ ok: true, value: office }));
    const desks = useDesksStore(createPinia());
    await desks.open();
    expect(desks.absent).toEqual([absentRow]);
    // Another desk changed state: the push carries no absent list, the one here stands.
    const { absent: _unchanged, ...withoutAbsent } = office;
    deskEmit('board/office', { ...withoutAbsent, me: { ...office.me, state: 'paused' } });
    expect(desks.state).toBe('paused');
    expect(desks.absent).toEqual([absentRow]);
    deskEmit('board/office', { ...office, absent: [] });
    expect(desks.absent).toEqual([]);
    deskEmit('board/office', { ...office, absent: [absentRow] });
    deskEmit('board/locked', { reason: 'manual', idleMinutes: null });
    expect(desks.absent).toEqual([]);
    desks.close();
  });

  it('applies the absent list pushed as its changes, in its order, and those pushed while it asked main', async () => {
    const later: AbsentRow = { ...absentRow, ticketId: 't2', formattedNumber: 'A002', at: '2026-11-29T09:30:00+01:00' };
    const earlier: AbsentRow = { ...absentRow, ticketId: 't0', formattedNumber: 'A000', at: '2026-11-29T08:30:00+01:00' };
    const { absent: _whole, ...withoutAbsent } = office;
    // The answer was made before main pushed the patient set aside meanwhile: it lacks her.
    deskReplies.set('board/office', (): DeskResult<BoardOffice> => {
      deskEmit('board/office', { ...withoutAbsent, absentChanges: { upserts: [later], removed: [] } });
      return { ok: true, value: office };
    });
    const desks = useDesksStore(createPinia());
    await desks.open();
    expect(desks.absent.map((row) => row.ticketId)).toEqual(['t1', 't2']);
    deskEmit('board/office', { ...withoutAbsent, absentChanges: { upserts: [earlier, { ...absentRow, calls: 3 }], removed: ['t2'] } });
    expect(desks.absent).toEqual([earlier, { ...absentRow, calls: 3 }]);
    desks.close();
  });
});
