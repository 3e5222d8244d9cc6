import { describe, expect, it, vi } from 'vitest';
import { ClinicName } from '../../../../src-main/display/clinic-name';
import type { PublisherClient } from '../../../../src-main/publisher/client';

const PLACES = { officePlaces: [{ id: '1', name: 'Accueil IRM – Scanner' }, { id: '2', name: 'Accueil Radiologie – Échographie' }, { id: 'LYON-X', name: 'Autre' }] };

/** A publisher whose office-places list answers `answer` (or fails when it throws), counting the reads. */
function publisher(answer: () => typeof PLACES) {
  const getConfig = vi.fn(async () => answer());
  return { getConfig: getConfig as unknown as Pick<PublisherClient, 'getConfig'>['getConfig'], reads: () => getConfig.mock.calls.length };
}

describe('the clinic name on the public display', () => {
  it('is the desk office place as the medical system names it, read once for many polls', async () => {
    const fake = publisher(() => PLACES);
    const clinic = new ClinicName({ publisher: fake });
    const names = await Promise.all([clinic.of(2), clinic.of(2), clinic.of(2)]);
    expect(names).toEqual(['Accueil Radiologie – Échographie', 'Accueil Radiologie – Échographie', 'Accueil Radiologie – Échographie']);
    expect(await clinic.of(2)).toBe('Accueil Radiologie – Échographie');
    expect(fake.reads()).toBe(1);
    // Another place chosen at the desk: its own name.
    expect(await clinic.of(1)).toBe('Accueil IRM – Scanner');
  });

  it('is unknown (the screen shows its title) without a place, for an unlisted place, or while the list cannot be had; tried again a minute later', async () => {
    let now = 0;
    let down = true;
    const fake = publisher(() => {
      if (down) throw new Error('publisher unreachable');
      return PLACES;
    });
    const clinic = new ClinicName({ publisher: fake, now: () => now });
    expect(await clinic.of(null)).toBeNull();
    expect(await clinic.of(1)).toBeNull();
    down = false;
    now += 30_000;
    expect(await clinic.of(1)).toBeNull();
    now += 31_000;
    expect(await clinic.of(1)).toBe('Accueil IRM – Scanner');
    expect(await clinic.of(9)).toBeNull();
  });
});
