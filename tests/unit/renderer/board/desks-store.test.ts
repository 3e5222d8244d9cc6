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
});
