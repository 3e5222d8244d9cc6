import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import type { KioskArrival } from '../../../../src-main/sandbox/kiosk-simulator';
import { DESK_TRAINING_PATIENTS } from '../../../../src-main/sandbox/world/desk-patients';

const NOW = new Date('2026-11-23T10:30:00');
const deskIds: string[] = Object.values(DESK_TRAINING_PATIENTS).map((patient) => patient.id);
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ now: NOW, clock: () => NOW });
});
afterAll(async () => {
  await sandbox.close();
});

describe('simulated kiosk', () => {
  it('checks in everyone expected today except the desk training patients, who stay for the desk', async () => {
    const deskAppointments = sandbox.world.publisher.appointments.filter((appointment) => deskIds.includes(appointment.patientId));
    expect(deskAppointments.map((appointment) => appointment.status)).toEqual(['scheduled', 'scheduled', 'scheduled']);
    const arrivals: KioskArrival[] = [];
    // Every other scheduled patient, then nobody: the loop is bounded by the day's appointments.
    for (let arrival = await sandbox.kiosk.arrive(); arrival; arrival = await sandbox.kiosk.arrive()) {
      arrivals.push(arrival);
      expect(arrivals.length).toBeLessThanOrEqual(sandbox.world.publisher.appointments.length);
    }
    expect(arrivals.length).toBeGreaterThan(5);
    const names = arrivals.map((arrival) => arrival.patientDisplayName);
    expect(names).not.toContain('Léa Garnier-Vidal');
    expect(names).not.toContain('Hugo Perrin');
    expect(deskAppointments.map((appointment) => appointment.status)).toEqual(['scheduled', 'scheduled', 'scheduled']);
    const othersScheduled = sandbox.world.publisher.appointments.filter(
      (appointment) => appointment.status === 'scheduled' && !deskIds.includes(appointment.patientId),
    );
    expect(othersScheduled).toEqual([]);
  });
});
