import { operation, ok, type PublisherContext } from '../operation';

/**
 * The six configuration routes (K only, never encrypted), read by the platform
 * server. Ids are exactly those the appointments carry.
 */
export function configRoutes(context: PublisherContext): void {
  const { world } = context.state;
  const routes: [string, () => Record<string, unknown>][] = [
    // `officeId` is beyond the contract's table (extra fields are legal): it tells a desk which office a place is in.
    ['/config/office-places', () => ({ officePlaces: world.officePlaces.map(({ id, name, officeId }) => ({ id, name, officeId })) })],
    ['/config/exam-types', () => ({ examTypes: world.examTypes.map(({ id, name, ticketPrefix }) => ({ id, name, ticketPrefix })) })],
    ['/config/exams', () => ({ exams: world.exams.map(({ id, name, examTypeId }) => ({ id, name, examTypeId })) })],
    ['/config/practitioners', () => ({ practitioners: world.practitioners.map(({ id, name, rppsId }) => ({ id, name, rppsId })) })],
    ['/config/rooms', () => ({ rooms: world.rooms.map(({ id, name }) => ({ id, name })) })],
    ['/config/document-types', () => ({ documentTypes: world.documentTypes.map(({ documentType, label }) => ({ documentType, label })) })],
  ];
  for (const [path, build] of routes) {
    operation(context, { method: 'GET', path, auth: 'K', encryption: 'never', handle: () => ok(build()) });
  }
}
