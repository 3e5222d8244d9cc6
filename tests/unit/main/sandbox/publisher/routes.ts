import type { PublisherWorld } from '../../../../../src-main/sandbox/world/types';
import { checkInBody, firstWith, path } from './harness';

/** Every route of the sandbox publisher, with a valid request, for the robustness tests. */
export interface RouteCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Builds the path; `id` replaces the route's (first) path id when given. */
  path: (id?: string) => string;
  /** Key-only routes go without a device id. */
  keyOnly: boolean;
  /** A valid body, for the routes that take one. */
  body?: () => Record<string, unknown>;
  /** Whether a path id can be made too long. */
  hasId: boolean;
}

export function routeCatalogue(world: PublisherWorld): RouteCase[] {
  const scheduled = firstWith(world, 'scheduled');
  const checkedIn = firstWith(world, 'checkedIn');
  const withDocument = world.appointments.find((appointment) => appointment.documents.length > 0)!;
  const patient = world.patients.find((candidate) => candidate.id === scheduled.patientId)!;
  const place = world.officePlaces.find((candidate) => candidate.id === checkedIn.locationId)!;
  const a = (fallback: string) => (id?: string) => path(id ?? fallback);
  const s = a(scheduled.id);
  const c = a(checkedIn.id);
  return [
    {
      name: 'identify',
      method: 'POST',
      path: () => '/patients/identify',
      keyOnly: false,
      hasId: false,
      body: () => ({ criteria: { lastName: patient.lastName, firstName: patient.firstName } }),
    },
    { name: 'by-code', method: 'GET', path: (id) => `/appointments/by-code/${path(id ?? scheduled.convocationCode)}`, keyOnly: false, hasId: true },
    { name: 'by-id', method: 'GET', path: (id) => `/appointments/${s(id)}`, keyOnly: false, hasId: true },
    {
      name: 'by-ticket',
      method: 'POST',
      path: () => '/appointments/by-ticket',
      keyOnly: false,
      hasId: false,
      body: () => ({ ticketNumber: checkedIn.ticketNumberFormatted, birthDate: '1970-01-01', officePlaceVisibleId: place.visibleId }),
    },
    { name: 'patient PATCH', method: 'PATCH', path: (id) => `/patients/${path(id ?? patient.id)}`, keyOnly: false, hasId: true, body: () => ({ patient: { phone: '+33 4 00 00 00 01' } }) },
    { name: 'prescriber', method: 'PUT', path: (id) => `/appointments/${s(id)}/prescriber`, keyOnly: false, hasId: true, body: () => ({ prescriber: { name: 'Dr Test' } }) },
    { name: 'documents list', method: 'GET', path: (id) => `/appointments/${s(id)}/documents`, keyOnly: false, hasId: true },
    {
      name: 'documents upload',
      method: 'POST',
      path: (id) => `/appointments/${s(id)}/documents`,
      keyOnly: false,
      hasId: true,
      body: () => ({ documentType: 'other', pages: [{ contentBase64: 'iVBORw0KGgo=', mimeType: 'image/png' }] }),
    },
    {
      name: 'documents delete',
      method: 'DELETE',
      path: (id) => `/appointments/${path(withDocument.id)}/documents/${path(id ?? 'DOC-none')}`,
      keyOnly: false,
      hasId: true,
    },
    {
      name: 'document content',
      method: 'GET',
      path: (id) => `/appointments/${path(withDocument.id)}/documents/${path(id ?? withDocument.documents[0]!.id)}/content`,
      keyOnly: false,
      hasId: true,
    },
    { name: 'check-in', method: 'POST', path: (id) => `/appointments/${s(id)}/check-in`, keyOnly: false, hasId: true, body: () => checkInBody() },
    { name: 'readiness', method: 'GET', path: (id) => `/appointments/${s(id)}/notification-readiness`, keyOnly: false, hasId: true },
    { name: 'deferred notification', method: 'POST', path: (id) => `/appointments/${c(id)}/notify`, keyOnly: false, hasId: true, body: () => ({}) },
    { name: 'PUT status', method: 'PUT', path: (id) => `/appointments/${c(id)}/status`, keyOnly: true, hasId: true, body: () => ({ status: 'inCare' }) },
    { name: 'staff sign-in', method: 'POST', path: () => '/staff/sign-in', keyOnly: true, hasId: false, body: () => ({ login: 'accueil', password: 'formation' }) },
    ...['office-places', 'exam-types', 'exams', 'practitioners', 'rooms', 'document-types'].map(
      (name): RouteCase => ({ name: `config ${name}`, method: 'GET', path: () => `/config/${name}`, keyOnly: true, hasId: false }),
    ),
  ];
}
