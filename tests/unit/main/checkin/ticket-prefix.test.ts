import { describe, expect, it } from 'vitest';
import { TicketPrefixes } from '../../../../src-main/checkin/ticket-prefixes';
import { DESK_TRAINING_PATIENTS } from '../../../../src-main/sandbox/world/desk-patients';
import { suiteHarness } from './harness';

const hugo = DESK_TRAINING_PATIENTS.scanned;

describe('a desk check-in takes its number in the exam type series of the medical system', () => {
  const harness = suiteHarness();

  it("sends the medical system's ticketPrefix of the exam type, not a prefix the platform would guess from its id", async () => {
    const h = harness();
    // Prefixes a platform cannot guess from the exam type's id (its first letter would give S, I…).
    for (const type of h.sandbox.world.publisher.examTypes) type.ticketPrefix = `Q${type.id.slice(0, 2)}`;
    const [scanned] = (await h.service.byCode(hugo.codes[0])).patients[0]!.appointments;
    const examTypeId = h.appointment(scanned!.id).examTypeId!;
    const result = await h.service.checkIn([scanned!.id]);
    expect(result.formattedNumber).toBe(`Q${examTypeId.slice(0, 2)}001`);
    expect(h.ticketsOf(scanned!.id)).toMatchObject([{ source: 'desk', formattedNumber: result.formattedNumber }]);
    expect(h.appointment(scanned!.id).ticketNumberFormatted).toBe(result.formattedNumber);
  });
});

describe('exam type prefixes', () => {
  const examTypes = (ticketPrefix: string | null) => ({ examTypes: [{ id: '7', name: 'Échographie', ticketPrefix }] });

  it('reads the medical system once for several check-ins, and ignores a prefix the platform would refuse', async () => {
    let reads = 0;
    let prefix: string | null = 'EC';
    const prefixes = new TicketPrefixes({
      publisher: {
        getConfig: (async () => {
          reads += 1;
          return examTypes(prefix);
        }) as never,
      },
    });
    expect(await prefixes.prefixOf('7')).toBe('EC');
    expect(await prefixes.prefixOf('7')).toBe('EC');
    expect(await prefixes.prefixOf('8')).toBeNull();
    expect(await prefixes.prefixOf(null)).toBeNull();
    expect(reads).toBe(1);
    prefix = 'TOOLONGPREFIX';
    const fresh = new TicketPrefixes({ publisher: { getConfig: (async () => examTypes(prefix)) as never } });
    expect(await fresh.prefixOf('7')).toBeNull();
  });

  it('a medical system without the route gives no prefix, asked again only after a while', async () => {
    let reads = 0;
    let clock = 0;
    const prefixes = new TicketPrefixes({
      now: () => clock,
      publisher: {
        getConfig: (async () => {
          reads += 1;
          throw new Error('404');
        }) as never,
      },
    });
    expect(await prefixes.prefixOf('7')).toBeNull();
    expect(await prefixes.prefixOf('7')).toBeNull();
    expect(reads).toBe(1);
    clock += 61_000;
    expect(await prefixes.prefixOf('7')).toBeNull();
    expect(reads).toBe(2);
  });
});
