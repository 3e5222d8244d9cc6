import { timingSafeEqual } from 'node:crypto';
import type { Patient } from '../../../src-shared/publisher/schemas';
import { isoWithOffset, localDay } from '../world/time';
import type { PublisherWorld, SandboxAppointment } from '../world/types';
import { errors } from './errors';

export type VendorData = { rev: number };

function sameSecret(presented: string, expected: string): boolean {
  const left = Buffer.from(presented);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The publisher's live state: the seeded world (mutated in place, it is the
 * publisher's database) plus what the contract makes the publisher remember
 * beside it: registered devices, the trusted key, vendorData revisions and the
 * teams notifications it sent. Every mutation is synchronous, so two replays of
 * the same check-in can never interleave.
 */
export class PublisherState {
  private readonly revisions = new Map<string, number>();
  private readonly notifications = new Map<string, number>();
  private readonly received = new Map<string, unknown>();
  private trustedKey: string | null = null;
  private documentSequence = 0;

  constructor(
    readonly world: PublisherWorld,
    private readonly clock: () => Date,
    private readonly trustAnyKeyOnFirstUse: boolean,
  ) {}

  now(): Date {
    return this.clock();
  }

  timestamp(): string {
    return isoWithOffset(this.clock());
  }

  today(): string {
    return localDay(this.clock());
  }

  // ── authentication ────────────────────────────────────────────────────────
  isKnownDevice(deviceId: string): boolean {
    return this.world.devices.includes(deviceId);
  }

  registerDevice(deviceId: string): void {
    if (!this.isKnownDevice(deviceId)) this.world.devices.push(deviceId);
  }

  /** The account key check, including the trust-on-first-use quirk. */
  keyMatches(presented: string | null): boolean {
    if (presented === null) return false;
    if (this.trustAnyKeyOnFirstUse && this.trustedKey === null) {
      this.trustedKey = presented;
      return true;
    }
    return sameSecret(presented, this.trustedKey ?? this.world.accountKey);
  }

  // ── lookups ───────────────────────────────────────────────────────────────
  getAppointment(id: string): SandboxAppointment | undefined {
    return this.world.appointments.find((appointment) => appointment.id === id);
  }

  requireAppointment(id: string): SandboxAppointment {
    const appointment = this.getAppointment(id);
    if (!appointment) throw errors.unknownAppointment();
    return appointment;
  }

  getPatient(id: string): Patient | undefined {
    return this.world.patients.find((patient) => patient.id === id);
  }

  patientOf(appointment: SandboxAppointment): Patient {
    const patient = this.getPatient(appointment.patientId);
    // A dangling appointment is a seeding bug, not a client error: 404 keeps the answer contractual.
    if (!patient) throw errors.unknownAppointment();
    return patient;
  }

  isToday(appointment: SandboxAppointment): boolean {
    return appointment.startDate.slice(0, 10) === this.today();
  }

  /** The patient's appointments of the day, cancelled ones excluded, by start time. */
  appointmentsOfTheDay(patientId: string): SandboxAppointment[] {
    return this.world.appointments
      .filter((appointment) => appointment.patientId === patientId && appointment.status !== 'cancelled' && this.isToday(appointment))
      .sort((a, b) => a.startDate.localeCompare(b.startDate));
  }

  // ── vendorData ────────────────────────────────────────────────────────────
  /** What the publisher attaches to an entity; the revision moves on every change. */
  vendorData(kind: 'appointment' | 'patient', id: string): VendorData {
    return { rev: this.revisions.get(`${kind}:${id}`) ?? 1 };
  }

  touch(kind: 'appointment' | 'patient', id: string): void {
    const key = `${kind}:${id}`;
    this.revisions.set(key, (this.revisions.get(key) ?? 1) + 1);
  }

  /** Kept only so tests can see the round trip; it is never trusted as state. */
  noteVendorData(kind: 'appointment' | 'patient', id: string, value: unknown): void {
    if (value !== undefined) this.received.set(`${kind}:${id}`, value);
  }

  receivedVendorData(kind: 'appointment' | 'patient', id: string): unknown {
    return this.received.get(`${kind}:${id}`);
  }

  // ── teams notifications (deferred-notification operation) ────────────────
  notifyTeams(appointmentId: string): void {
    this.notifications.set(appointmentId, this.notificationsSent(appointmentId) + 1);
  }

  notificationsSent(appointmentId: string): number {
    return this.notifications.get(appointmentId) ?? 0;
  }

  nextDocumentId(): string {
    this.documentSequence += 1;
    return `DOC-T${String(this.documentSequence).padStart(5, '0')}`;
  }
}
