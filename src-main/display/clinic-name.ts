import type { PublisherClient } from '../publisher/client';

/** Office places are renamed rarely; a failed look-up is tried again soon, the screen keeps its title meanwhile. */
const KNOWN_MS = 10 * 60_000;
const UNKNOWN_MS = 60_000;

export interface ClinicNameDeps {
  publisher: Pick<PublisherClient, 'getConfig'>;
  now?: () => number;
}

/**
 * The name the waiting room reads above the calls: the office place's own name, as the medical
 * system lists it (/config/office-places, no staff session needed). Never the connection
 * profile's name, a technician's label ("Training") in whatever language they typed it.
 * Null when the place is not listed or the list cannot be had: the screen then shows its title.
 */
export class ClinicName {
  private cached: { placeId: number; name: string | null; until: number } | null = null;
  private pending: { placeId: number; name: Promise<string | null> } | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: ClinicNameDeps) {
    this.now = deps.now ?? Date.now;
  }

  async of(officePlaceId: number | null): Promise<string | null> {
    if (officePlaceId === null) return null;
    const cached = this.cached;
    if (cached?.placeId === officePlaceId && cached.until > this.now()) return cached.name;
    // The display polls every 1.5 s: one look-up at a time for a place, whoever asks.
    if (this.pending?.placeId !== officePlaceId) {
      const pending = { placeId: officePlaceId, name: this.lookUp(officePlaceId) };
      this.pending = pending;
      void pending.name.finally(() => {
        if (this.pending === pending) this.pending = null;
      });
    }
    return this.pending.name;
  }

  private async lookUp(officePlaceId: number): Promise<string | null> {
    let name: string | null;
    try {
      const { officePlaces } = await this.deps.publisher.getConfig('officePlaces');
      // The platform numbers office places with integers; the publisher's integer ids are the same places.
      name = officePlaces.find((place) => place.id === String(officePlaceId))?.name.trim() || null;
    } catch {
      name = null;
    }
    this.cached = { placeId: officePlaceId, name, until: this.now() + (name === null ? UNKNOWN_MS : KNOWN_MS) };
    return name;
  }
}
