import { describe, expect, it } from 'vitest';
import type { AppointmentPair } from '../../../../src-shared/publisher/schemas';
import { Reverifier } from '../../../../src-main/board/verifier';
import { ContractError } from '../../../../src-main/publisher/errors';

function pair(id: string, status: AppointmentPair['appointment']['status']): AppointmentPair {
  return {
    patient: { id: 'p', firstName: 'A', lastName: 'B', birthDate: '1980-01-01' },
    appointment: { id, patientId: 'p', startDate: '2026-11-23T09:00:00+01:00', status, prescriber: null, ticketNumber: null, ticketNumberFormatted: null },
    otherAppointments: [],
  };
}

describe('re-verification', () => {
  it('keeps at most `concurrency` calls in flight and shares one call per appointment', async () => {
    let inFlight = 0;
    let peak = 0;
    let calls = 0;
    const verifier = new Reverifier({
      concurrency: 3,
      getAppointmentById: async (id) => {
        calls += 1;
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return pair(id, 'checkedIn');
      },
    });
    const ids = Array.from({ length: 20 }, (_, i) => `a${i % 10}`);
    const checks = await Promise.all(ids.map((id) => verifier.verify(id)));
    expect(peak).toBe(3);
    expect(calls).toBe(10);
    expect(checks.every((check) => check.kind === 'verified')).toBe(true);
    await verifier.verify('a1');
    expect(calls).toBe(10);
  });

  it("keeps for the day only what the board reads of an answer: no prescriber, link or vendor data", async () => {
    const answer = pair('a1', 'checkedIn');
    answer.appointment = {
      ...answer.appointment,
      examLabel: 'IRM genou',
      roomLabel: 'Salle IRM 1',
      prescriber: { name: 'Dr Prescriber', rppsId: '10101010101' },
      managementPageUrl: 'https://publisher.example/appointments/a1',
      ticketNumber: 2,
      ticketNumberFormatted: 'I002',
      vendorData: { note: 'x'.repeat(2_000) },
    };
    answer.otherAppointments = [{ ...answer.appointment, id: 'a2', vendorData: { note: 'y' } }];
    const verifier = new Reverifier({ getAppointmentById: async () => answer });
    await verifier.verify('a1');
    const check = verifier.cached('a1');
    if (check?.kind !== 'verified') throw new Error('not verified');
    expect(check.appointment).toEqual({ id: 'a1', status: 'checkedIn', startDate: '2026-11-23T09:00:00+01:00', examLabel: 'IRM genou', roomLabel: 'Salle IRM 1' });
    expect(check.linked).toEqual([{ id: 'a2', status: 'checkedIn', startDate: '2026-11-23T09:00:00+01:00', examLabel: 'IRM genou', roomLabel: 'Salle IRM 1' }]);
  });

  it('404 is gone, anything else is unreachable, never a guess', async () => {
    const verifier = new Reverifier({
      getAppointmentById: async (id) => {
        if (id === 'gone') throw new ContractError('UNKNOWN_APPOINTMENT', 'x', { status: 404, contractCode: 'UNKNOWN_APPOINTMENT' });
        throw new ContractError('PUBLISHER_UNREACHABLE', 'x', { retryable: true });
      },
    });
    expect((await verifier.verify('gone')).kind).toBe('gone');
    expect((await verifier.verify('other')).kind).toBe('unreachable');
  });

  it('keeps the appointment as the last answer gave it through unanswered reads and forget(), and nothing once it is gone', async () => {
    let down = false;
    const verifier = new Reverifier({
      ttlMs: 0,
      getAppointmentById: async (id) => {
        if (!down) return { ...pair(id, 'checkedIn'), appointment: { ...pair(id, 'checkedIn').appointment, roomLabel: 'Salle IRM 1' } };
        if (id === 'gone') throw new ContractError('UNKNOWN_APPOINTMENT', 'x', { status: 404, contractCode: 'UNKNOWN_APPOINTMENT' });
        throw new ContractError('PUBLISHER_UNREACHABLE', 'x', { retryable: true });
      },
    });
    await verifier.refresh('a');
    await verifier.refresh('gone');
    down = true;
    for (let i = 0; i < 2; i += 1) {
      expect((await verifier.refresh('a')).kind).toBe('unreachable');
      expect(verifier.lastAnswer('a')).toMatchObject({ id: 'a', status: 'checkedIn', roomLabel: 'Salle IRM 1' });
    }
    // A move: the read is asked again, the last answer stays until the next one.
    verifier.forget('a');
    expect(verifier.cached('a')).toBeNull();
    expect(verifier.lastAnswer('a')).toMatchObject({ roomLabel: 'Salle IRM 1' });
    expect(verifier.lastAnswer('gone')).not.toBeNull();
    await verifier.refresh('gone');
    expect(verifier.lastAnswer('gone')).toBeNull();
    await verifier.refresh('never-read');
    expect(verifier.lastAnswer('never-read')).toBeNull();
    // Off the board (the next day): forgotten.
    verifier.keepOnly(new Set());
    expect(verifier.lastAnswer('a')).toBeNull();
  });

  it('an answer to a request sent before forget() is never cached: the next look asks again', async () => {
    let status: 'scheduled' | 'checkedIn' = 'scheduled';
    const answers: (() => void)[] = [];
    const verifier = new Reverifier({
      getAppointmentById: (id) => {
        const answer = status;
        return new Promise((resolve) => answers.push(() => resolve(pair(id, answer))));
      },
    });
    const stale = verifier.verify('a');
    await new Promise((resolve) => setImmediate(resolve));
    status = 'checkedIn';
    verifier.forget('a');
    const current = verifier.verify('a');
    await new Promise((resolve) => setImmediate(resolve));
    for (const answer of answers) answer();
    await stale;
    const check = await current;
    expect(check.kind === 'verified' && check.appointment.status).toBe('checkedIn');
    const cached = verifier.cached('a');
    expect(cached?.kind === 'verified' && cached.appointment.status).toBe('checkedIn');
  });

  it("lets go of the reads of appointments no longer shown, keeps the others', and a request under way still ends stale after forget()", async () => {
    let calls = 0;
    const answers: (() => void)[] = [];
    let held = false;
    const verifier = new Reverifier({
      getAppointmentById: (id) => {
        calls += 1;
        if (!held) return Promise.resolve(pair(id, 'checkedIn'));
        return new Promise((resolve) => answers.push(() => resolve(pair(id, 'done'))));
      },
    });
    await Promise.all(['yesterday-1', 'yesterday-2', 'today'].map((id) => verifier.verify(id)));
    held = true;
    const stale = verifier.verify('yesterday-3');
    await new Promise((resolve) => setImmediate(resolve));
    verifier.forget('yesterday-3');
    verifier.keepOnly(new Set(['today']));
    expect(verifier.cached('yesterday-1')).toBeNull();
    expect(verifier.cached('today')?.kind).toBe('verified');
    for (const answer of answers) answer();
    await stale;
    expect(verifier.cached('yesterday-3')).toBeNull();
    held = false;
    await verifier.verify('today');
    expect(calls).toBe(4);
    await verifier.verify('yesterday-1');
    expect(calls).toBe(5);
  });
});
