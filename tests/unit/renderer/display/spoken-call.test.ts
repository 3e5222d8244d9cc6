import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberInWords } from '../../../../src-renderer/features/display/speech/number-words';
import { spokenCall, spokenTicket } from '../../../../src-renderer/features/display/speech/spoken-call';

describe('spoken call', () => {
  it.each([
    ['I005', 'fr', 'I cinq'],
    ['I005', 'en', 'I five'],
    ['EC012', 'fr', 'E C douze'],
    ['EC012', 'en', 'E C twelve'],
    ['042', 'fr', 'quarante-deux'],
    ['042', 'en', 'forty-two'],
    ['S071', 'fr', 'S soixante et onze'],
    ['S080', 'fr', 'S quatre-vingts'],
    ['S081', 'fr', 'S quatre-vingt-un'],
    ['S097', 'fr', 'S quatre-vingt-dix-sept'],
    ['R200', 'fr', 'R deux cents'],
    ['R201', 'fr', 'R deux cent un'],
    ['R1021', 'fr', 'R mille vingt et un'],
    ['R9999', 'fr', 'R neuf mille neuf cent quatre-vingt-dix-neuf'],
    ['R105', 'en', 'R one hundred and five'],
    ['R2010', 'en', 'R two thousand and ten'],
    ['R9999', 'en', 'R nine thousand nine hundred and ninety-nine'],
    // Letters engines read as words get their spelled names.
    ['A003', 'en', 'A, three'],
    ['Y003', 'fr', 'i grec trois'],
    ['i-07', 'fr', 'I sept'],
    // Too long for words: digit by digit, still no leading zero.
    ['B0123456', 'en', 'B one two three four five six'],
  ] as const)('%s in %s is said « %s »', (ticket, locale, spoken) => {
    expect(spokenTicket(ticket, locale)).toBe(spoken);
  });

  it('says the ticket then the desk, and the room when known', () => {
    expect(spokenCall({ formattedNumber: 'I005', deskLabel: 'Accueil 1' }, 'fr')).toBe('Ticket I cinq, Accueil 1');
    expect(spokenCall({ formattedNumber: 'I005', deskLabel: 'Accueil 1' }, 'en')).toBe('Ticket I five, Accueil 1');
    expect(spokenCall({ formattedNumber: 'EC012', deskLabel: 'Radiologie', room: '3' }, 'fr')).toBe('Ticket E C douze, Radiologie, salle 3');
    expect(spokenCall({ formattedNumber: 'EC012', deskLabel: 'Radiology', room: '3' }, 'en')).toBe('Ticket E C twelve, Radiology, room 3');
  });

  it('never says the patient: a call carrying a name is spoken without it', () => {
    const call = { formattedNumber: 'I005', deskLabel: 'Accueil 1', patientDisplayName: 'DUPONT Jeanne' };
    expect(spokenCall(call, 'fr')).not.toMatch(/DUPONT|Jeanne/);
  });

  it('says every number of the publisher\'s tickets in words, without a leading zero, in both languages', () => {
    const prefix = fc.array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), { maxLength: 3 }).map((letters) => letters.join(''));
    const ticket = fc.record({ prefix, number: fc.integer({ min: 1, max: 9999 }), width: fc.integer({ min: 1, max: 4 }) });
    fc.assert(
      fc.property(ticket, fc.constantFrom('fr' as const, 'en' as const), ({ prefix: letters, number, width }, locale) => {
        const formatted = `${letters}${String(number).padStart(width, '0')}`;
        const spoken = spokenCall({ formattedNumber: formatted, deskLabel: 'Accueil 12' }, locale);
        const [ticketPart, deskPart] = spoken.split(', Accueil ');
        expect(deskPart).toBe('12');
        expect(ticketPart).not.toMatch(/\d/);
        expect(ticketPart).not.toMatch(/z[ée]ro/);
        expect(ticketPart!.endsWith(numberInWords(number, locale)!)).toBe(true);
      }),
    );
  });

  it('writes 0 to 9999 in words, each number its own words', () => {
    for (const locale of ['fr', 'en'] as const) {
      const all = Array.from({ length: 10_000 }, (_, n) => numberInWords(n, locale)!);
      expect(new Set(all).size).toBe(10_000);
      expect(all.every((words) => /^[\p{L} -]+$/u.test(words))).toBe(true);
    }
    expect(numberInWords(10_000, 'fr')).toBeNull();
    expect(numberInWords(1.5, 'en')).toBeNull();
  });
});
