import { DeskError } from '../../src-shared/errors';
import type { CheckinSearchResponse } from '../../src-shared/ipc/features/checkin.contract';
import type { Workplace } from '../../src-shared/ipc/workplace';
import type { OfficeCheck } from '../ipc/access';
import type { PublisherClient } from '../publisher/client';
import type { OfficeGrants } from './grants';

/** Appointments whose office place is remembered: an appointment keeps its place for the journey. */
const PLACES_KEPT = 2_000;

export interface OfficeRuleDeps {
  grants: Pick<OfficeGrants, 'require' | 'publisherPlaceIds'>;
  publisher: Pick<PublisherClient, 'getAppointmentById'>;
  workplace: () => Workplace | null;
}

const refused = () => new DeskError('FORBIDDEN', "This appointment belongs to an office place that is not one of the signed-in staff member's offices.");

/**
 * The one place that decides the office rule for every channel the access table declares
 * it on (src-shared/ipc/access.ts): a staff member reaches the patients and appointments of
 * the offices their sign-in granted, and nothing of another office's. An appointment's
 * office place is its `locationId` (the contract: the id of /config/office-places); one
 * the medical system gives without a place was answered for this desk's office (its
 * X-Kiosk-Office-Id), so it stays.
 */
export class OfficeRule implements OfficeCheck {
  private readonly placeOfAppointment = new Map<string, string | null>();

  constructor(private readonly deps: OfficeRuleDeps) {}

  requirePlace(officePlaceId: number): Promise<void> {
    return this.deps.grants.require(officePlaceId);
  }

  async requireWorkplace(): Promise<void> {
    const workplace = this.deps.workplace();
    if (workplace) await this.deps.grants.require(workplace.officePlaceId);
  }

  async requireAppointments(appointmentIds: readonly string[]): Promise<void> {
    const granted = await this.deps.grants.publisherPlaceIds();
    const places = await Promise.all([...new Set(appointmentIds)].map((id) => this.placeOf(id)));
    if (places.some((place) => place !== null && !granted.has(place))) throw refused();
  }

  async grantedPatients(answer: CheckinSearchResponse): Promise<CheckinSearchResponse> {
    const granted = await this.deps.grants.publisherPlaceIds();
    const mine = (place: string | null) => place === null || granted.has(place);
    const patients = answer.patients.flatMap((patient) => {
      const appointments = patient.appointments.filter((appointment) => mine(appointment.locationId));
      for (const appointment of patient.appointments) this.remember(appointment.id, appointment.locationId);
      // A patient whose every appointment is elsewhere is another office's patient: not even the name stays.
      return appointments.length === 0 && patient.appointments.length > 0 ? [] : [{ ...patient, appointments }];
    });
    return { patients };
  }

  private async placeOf(appointmentId: string): Promise<string | null> {
    const known = this.placeOfAppointment.get(appointmentId);
    if (known !== undefined) return known;
    const { appointment } = await this.deps.publisher.getAppointmentById(appointmentId);
    const place = appointment.locationId ?? null;
    this.remember(appointmentId, place);
    return place;
  }

  private remember(appointmentId: string, place: string | null): void {
    this.placeOfAppointment.delete(appointmentId);
    this.placeOfAppointment.set(appointmentId, place);
    if (this.placeOfAppointment.size > PLACES_KEPT) this.placeOfAppointment.delete(this.placeOfAppointment.keys().next().value!);
  }
}
