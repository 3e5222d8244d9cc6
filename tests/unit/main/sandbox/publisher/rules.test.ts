import { describe, expect, it } from 'vitest';
import type { Patient } from '../../../../../src-shared/publisher/schemas';
import { identifyPatients, normalizeName, normalizeSocialSecurityId } from '../../../../../src-main/sandbox/publisher/identify';
import { formatTicket, nextTicket, parseTicket } from '../../../../../src-main/sandbox/publisher/tickets';
import { seedWorld } from '../../../../../src-main/sandbox/world/seed';
import { NOW } from './harness';

const person = (id: string, firstName: string, lastName: string, birthDate: string, socialSecurityId?: string, birthName?: string): Patient => ({
  id,
  firstName,
  lastName,
  birthDate,
  ...(socialSecurityId ? { socialSecurityId } : {}),
  ...(birthName ? { birthName } : {}),
});

const PATIENTS: Patient[] = [
  person('holder', 'Camille', 'Barthélemy', '1980-02-03', '280026900000011'),
  person('child-1', 'Inès', 'Barthélemy', '2012-05-06', '280026900000011'),
  person('child-2', 'Noé', 'Barthélemy', '2015-07-08', '280026900000011'),
  person('solo', 'Jean-Noël', "D'Arc-Lefèvre", '1950-01-01', '150016900000022'),
  person('married', 'Anne', 'Martin', '1970-04-04', '270046900000033', 'Dupont'),
  person('twin', 'Lou', 'Moreau', '1990-06-15'),
];
const find = (criteria: Parameters<typeof identifyPatients>[1], twoFieldsIdentification = false) =>
  identifyPatients(PATIENTS, criteria, { twoFieldsIdentification }).map((patient) => patient.id);

describe('identify rules (pure)', () => {
  it('normalizes names for case, accents, ligatures and punctuation', () => {
    expect(normalizeName("  D'ARC-Lefèvre ")).toBe('darclefevre');
    expect(normalizeName('Le Gall')).toBe(normalizeName('LEGALL'));
    expect(normalizeName('Œuvray')).toBe('oeuvray');
    expect(normalizeSocialSecurityId(' 2 80 02 69 000 000 11 ')).toBe('280026900000011');
  });

  it('combines every supplied criterion', () => {
    expect(find({ lastName: 'darc lefevre', firstName: 'JEAN NOEL' })).toEqual(['solo']);
    expect(find({ lastName: 'darc lefevre', firstName: 'jean noel', birthDate: '1950-01-02' })).toEqual([]);
    expect(find({ socialSecurityId: '150016900000022', lastName: 'Martin' })).toEqual([]);
  });

  it('a family card alone, or with the shared family name, is doubtful', () => {
    expect(find({ socialSecurityId: '2 80 02 69 000 000 11' })).toEqual([]);
    expect(find({ socialSecurityId: '280026900000011', lastName: 'barthelemy' })).toEqual([]);
    expect(find({ socialSecurityId: '280026900000011', lastName: 'barthelemy' }, true)).toEqual([]);
    expect(find({ socialSecurityId: '280026900000011', firstName: 'ines' })).toEqual(['child-1']);
    expect(find({ socialSecurityId: '280026900000011', birthDate: '1980-02-03' })).toEqual(['holder']);
  });

  it('a single-holder card alone identifies its holder', () => {
    expect(find({ socialSecurityId: '150016900000022' })).toEqual(['solo']);
  });

  it('weak criteria find nobody: only a first name, only a last name, nothing', () => {
    expect(find({ firstName: 'Lou' })).toEqual([]);
    expect(find({ lastName: 'Moreau' })).toEqual([]);
    expect(find({})).toEqual([]);
    expect(find({ birthDate: '1990-06-15' })).toEqual(['twin']);
  });

  it('a married patient is found by her birth name', () => {
    expect(find({ lastName: 'DUPONT', firstName: 'anne' })).toEqual(['married']);
  });

  it('crossed two-field searches run only when enabled and the strict search found nothing', () => {
    const typo = { lastName: 'Martin', firstName: 'Annie', birthDate: '1970-04-04' };
    expect(find(typo)).toEqual([]);
    expect(find(typo, true)).toEqual(['married']);
    // A crossed match whose known card differs from the supplied one is another person.
    expect(find({ ...typo, socialSecurityId: '199999999999999' }, true)).toEqual([]);
  });

  it('returns at most 10 patients', () => {
    const many = Array.from({ length: 15 }, (_, i) => person(`p${i}`, `P${i}`, 'Same', '2000-01-01'));
    expect(identifyPatients(many, { birthDate: '2000-01-01' }, { twoFieldsIdentification: false })).toHaveLength(10);
  });
});

describe('ticket numbering (pure)', () => {
  it('parses raw and formatted tickets', () => {
    expect(parseTicket('I012')).toEqual({ prefix: 'I', number: 12 });
    expect(parseTicket(' r-7 ')).toEqual({ prefix: 'R', number: 7 });
    expect(parseTicket('12')).toEqual({ prefix: '', number: 12 });
    expect(parseTicket('12A')).toBeNull();
    expect(formatTicket('S', 3)).toBe('S003');
  });

  it('continues after the highest number held at the office place for the prefix', () => {
    const world = seedWorld({ now: NOW }).publisher;
    const appointment = world.appointments.find((candidate) => candidate.status === 'scheduled')!;
    const prefix = world.examTypes.find((type) => type.id === appointment.examTypeId)!.ticketPrefix;
    const held = world.appointments
      .filter((other) => other.locationId === appointment.locationId && other.ticketNumberFormatted?.startsWith(prefix))
      .map((other) => other.ticketNumber!);
    expect(nextTicket(world, appointment)).toEqual({ number: Math.max(0, ...held) + 1, formattedNumber: formatTicket(prefix, Math.max(0, ...held) + 1) });
    world.appointments.push({ ...appointment, id: 'other', ticketNumber: 40, ticketNumberFormatted: formatTicket(prefix, 40) });
    expect(nextTicket(world, appointment).number).toBe(41);
  });
});
