import { randomUUID } from 'node:crypto';
import { issuedTicketSchema, TICKET_SERVICE_PATHS } from '../../src-shared/platform/tickets';
import {
  identifyResponseSchema,
  notificationReadinessSchema,
  type Appointment,
  type Patient,
} from '../../src-shared/publisher/schemas';
import { logger } from '../log';
import { isDeskTrainingPatient } from './world/desk-patients';
import type { PublisherWorld } from './world/types';

const log = logger('kiosk-simulator');

export interface KioskSimulatorOptions {
  world: PublisherWorld;
  contractBaseUrl: string;
  platformUrl: string;
  licenceUuid: string;
  accountKey: string;
  /** Kiosk device id sent as X-Kiosk-Device-Id. */
  deviceId: string;
  /** Time between two arrivals; 0 = only when `arrive()` is called. */
  intervalMs: number;
}

export interface KioskArrival {
  patientDisplayName: string;
  appointmentIds: string[];
  formattedNumber: string;
}

/**
 * A patient checking in at a kiosk, through the same routes a real kiosk uses:
 * identify → notification-readiness → reserve a number on the platform →
 * check-in with `proposedTicket`, one call per appointment of the day. It reads
 * the seeded world only to know who is expected next (a patient knows who they are).
 */
export class KioskSimulator {
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: KioskSimulatorOptions) {}

  start(): void {
    if (this.timer || this.options.intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.busy = this.arrive().catch((error: unknown) =>
        log.warn('simulated arrival failed', { error: error instanceof Error ? error.message : String(error) }),
      );
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.busy;
  }

  /** Checks in the next expected patient; null when nobody is left to arrive today. */
  async arrive(): Promise<KioskArrival | null> {
    const next = this.nextExpected();
    if (!next) return null;
    const identified = await this.contract('POST', '/patients/identify', {
      criteria: { lastName: next.patient.lastName, firstName: next.patient.firstName, birthDate: next.patient.birthDate },
    });
    const match = identifyResponseSchema.parse(identified).patients.find((candidate) => candidate.patient.id === next.patient.id);
    if (!match) throw new Error('the publisher did not identify the simulated patient');
    const journey = match.appointments
      .filter((appointment) => appointment.status === 'scheduled')
      .sort((a, b) => a.startDate.localeCompare(b.startDate));
    const main = journey[0];
    if (!main) return null;

    const anomalies = new Set<string>();
    for (const appointment of journey) {
      const readiness = notificationReadinessSchema.parse(
        await this.contract('GET', `/appointments/${encodeURIComponent(appointment.id)}/notification-readiness`),
      );
      if (!readiness.ready) anomalies.add('INCOMPLETE_FILE');
    }

    const patientDisplayName = `${next.patient.firstName} ${next.patient.lastName}`;
    const ticket = issuedTicketSchema.parse(
      await this.platform(TICKET_SERVICE_PATHS.issueForAppointment, {
        licenceUuid: this.options.licenceUuid,
        officePlaceId: this.platformPlaceId(main),
        requestUid: randomUUID(),
        prefix: this.prefixOf(main),
        examTypeId: main.examTypeId ?? null,
        contractAppointmentId: main.id,
        patientDisplayName,
        examLabel: main.examLabel ?? null,
        source: 'kiosk',
      }),
    );
    for (const [index, appointment] of journey.entries()) {
      await this.contract('POST', `/appointments/${encodeURIComponent(appointment.id)}/check-in`, {
        identifiedWithHealthCard: index === 0,
        anomalyCodes: [...anomalies],
        sequence: { number: index + 1, count: journey.length },
        mainAppointmentId: index === 0 ? null : main.id,
        linkedAppointmentIds: journey.filter((other) => other.id !== appointment.id).map((other) => other.id),
        examId: appointment.examId ?? null,
        proposedTicket: { number: ticket.number, formattedNumber: ticket.formattedNumber },
      });
    }
    log.info('simulated kiosk arrival', { appointments: journey.length });
    return { patientDisplayName, appointmentIds: journey.map((appointment) => appointment.id), formattedNumber: ticket.formattedNumber };
  }

  /** The earliest scheduled arrival, leaving the desk training patients to the desk. */
  private nextExpected(): { patient: Patient } | null {
    const waiting = this.options.world.appointments
      .filter((appointment) => appointment.status === 'scheduled' && !isDeskTrainingPatient(appointment.patientId))
      .sort((a, b) => a.startDate.localeCompare(b.startDate))[0];
    const patient = waiting && this.options.world.patients.find((candidate) => candidate.id === waiting.patientId);
    return patient ? { patient } : null;
  }

  private platformPlaceId(appointment: Appointment): number {
    const place = this.options.world.officePlaces.find((candidate) => candidate.id === appointment.locationId);
    if (!place) throw new Error('appointment without a known office place');
    return place.platformId;
  }

  private prefixOf(appointment: Appointment): string | null {
    return this.options.world.examTypes.find((type) => type.id === appointment.examTypeId)?.ticketPrefix ?? null;
  }

  private async contract(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.options.contractBaseUrl}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'X-Kiosk-Auth-Key': this.options.accountKey,
        'X-Kiosk-Device-Id': this.options.deviceId,
        'X-Kiosk-Office-Id': 'kiosk-simulator',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`${method} ${path.split('/')[1]} answered HTTP ${response.status}`);
    return response.json();
  }

  private async platform(path: string, body: unknown): Promise<unknown> {
    const response = await fetch(`${this.options.platformUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: this.options.accountKey },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(8_000),
    });
    if (!response.ok) throw new Error(`platform ${path} answered HTTP ${response.status}`);
    return response.json();
  }
}
