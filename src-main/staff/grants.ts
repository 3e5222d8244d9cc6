import { DeskError } from '../../src-shared/errors';
import type { StaffSession } from '../../src-shared/ipc/contract';
import type { PublisherClient } from '../publisher/client';

export interface GrantedPlace {
  officePlaceId: number;
  name: string;
}

export interface OfficeGrantsDeps {
  publisher: Pick<PublisherClient, 'getConfig'>;
  session: () => StaffSession;
  /** The office place the technician configured for this desk: all a desk knows when the publisher lists none. */
  profilePlace: () => number | null;
}

/**
 * The office places the signed-in staff member may see: those of the offices their
 * `staff/sign-in` granted. The contract's office-places list does not say which office
 * a place belongs to; a publisher that adds `officeId` to each place (the training one
 * does) is taken at its word, one that does not answers for the desk's own office, so
 * all its places are the desk's. Without the list, only the configured place is open.
 */
export class OfficeGrants {
  private cached: { session: StaffSession; places: GrantedPlace[]; ids: ReadonlySet<string> } | null = null;

  constructor(private readonly deps: OfficeGrantsDeps) {}

  async places(): Promise<GrantedPlace[]> {
    return (await this.granted()).places;
  }

  /** The granted places as the medical system names them (an appointment's `locationId`), integer or not. */
  async publisherPlaceIds(): Promise<ReadonlySet<string>> {
    return (await this.granted()).ids;
  }

  private async granted(): Promise<{ places: GrantedPlace[]; ids: ReadonlySet<string> }> {
    const session = this.deps.session();
    if (this.cached?.session === session) return this.cached;
    const offices = new Set(session.offices.map((office) => office.officeId));
    let listed;
    try {
      listed = (await this.deps.publisher.getConfig('officePlaces')).officePlaces;
    } catch {
      const own = this.deps.profilePlace();
      return own === null ? { places: [], ids: new Set() } : { places: [{ officePlaceId: own, name: String(own) }], ids: new Set([String(own)]) };
    }
    const mine = listed.filter((place) => typeof place.officeId !== 'string' || offices.has(place.officeId));
    // The platform numbers office places with integers; the publisher's ids that are integers are the same places.
    const places = mine.filter((place) => /^\d+$/.test(place.id)).map((place) => ({ officePlaceId: Number(place.id), name: place.name }));
    this.cached = { session, places, ids: new Set(mine.map((place) => place.id)) };
    return this.cached;
  }

  async require(officePlaceId: number): Promise<void> {
    const places = await this.places();
    if (!places.some((place) => place.officePlaceId === officePlaceId)) {
      throw new DeskError('FORBIDDEN', 'This office place is not one of the signed-in staff member\'s offices.');
    }
  }
}
