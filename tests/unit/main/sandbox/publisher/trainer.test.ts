import { afterEach, describe, expect, it } from 'vitest';
import { firstWith, path, publisherPool } from './harness';

/** The trainer's route: the medical system's agenda reverting an arrival (docs/sandbox-publisher.md). */
describe('trainer: revert an arrival', () => {
  const pool = publisherPool();
  afterEach(() => pool.closeAll());
  const revert = (id: string) => `/trainer/appointments/${path(id)}/revert-arrival`;

  it('puts a checked-in appointment back to scheduled, forgets its ticket, and a check-in takes a new number', async () => {
    const h = await pool.start();
    const appointment = firstWith(h.world, 'checkedIn');
    const held = appointment.ticketNumberFormatted;
    expect(held).toBeTruthy();
    const reply = await h.call('POST', revert(appointment.id), { device: null });
    expect([reply.status, reply.json]).toEqual([200, { status: 'scheduled' }]);
    expect(appointment).toMatchObject({ status: 'scheduled', ticketNumberFormatted: null, checkIn: null });
    expect(appointment.statusHistory.at(-1)?.status).toBe('scheduled');
    // The contract's by-id read (the desk's re-verification) sees it scheduled again.
    expect((await h.call('GET', `/appointments/${path(appointment.id)}`)).json).toMatchObject({ appointment: { status: 'scheduled' } });
    // Again: idempotent.
    expect((await h.call('POST', revert(appointment.id))).json).toEqual({ status: 'scheduled' });
  });

  it('needs the account key and refuses what cannot be reverted', async () => {
    const h = await pool.start();
    const appointment = firstWith(h.world, 'checkedIn');
    expect((await h.call('POST', revert(appointment.id), { key: 'wrong' })).status).toBe(401);
    expect(appointment.status).toBe('checkedIn');
    expect((await h.call('POST', revert(firstWith(h.world, 'done').id))).status).toBe(400);
    expect((await h.call('POST', revert('NOPE-1'))).status).toBe(404);
  });
});
