import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../src-main/features';
import { DeskJournal, journalTicketId, NO_TICKET_NUMBER, withLocalCalls } from '../../../../src-main/journal/desk-journal';
import { TestKeystore } from '../../../helpers/test-keystore';

const entry = (over: Partial<JournalEntry> = {}): JournalEntry => ({
  contractAppointmentId: 'A1',
  formattedNumber: 'I012',
  officePlaceId: 1,
  patientDisplayName: 'Léa Garnier-Vidal',
  examLabel: 'IRM du genou',
  status: 'checkedIn',
  ...over,
});

const folder = () => mkdtempSync(path.join(tmpdir(), 'journal-'));

describe('desk journal', () => {
  it('keeps the day on disk: a reopened journal has the same tickets, calls included', async () => {
    const dir = folder();
    const journal = await DeskJournal.open(dir);
    const [first] = await Promise.all([journal.recordTicket(entry()), journal.recordTicket(entry({ contractAppointmentId: 'A2', formattedNumber: 'I013' }))]);
    expect(first).toMatchObject({ ticketId: journalTicketId('A1'), number: 12, source: 'desk', status: 'checkedIn' });
    await journal.recordCall(first, { deskId: 2, deskLabel: 'Accueil 2' });
    const again = await DeskJournal.open(dir);
    // Both records made at once landed: each write carries the other.
    expect(again.tickets(1).map((ticket) => ticket.formattedNumber).sort()).toEqual(['I012', 'I013']);
    expect(again.ticketFor('A1')?.lastCall?.deskLabel).toBe('Accueil 2');
    expect(again.tickets(2)).toEqual([]);
  });

  it('never writes a patient name in clear: sealed by the keychain and read back after a restart, or kept in memory only without one', async () => {
    const dir = folder();
    const keystore = new TestKeystore();
    const sealed = await DeskJournal.open(dir, undefined, keystore);
    await sealed.recordTicket(entry());
    await sealed.recordTicket(entry({ contractAppointmentId: 'A2', formattedNumber: 'I013', patientDisplayName: 'Hugo Perrin' }));
    const onDisk = readFileSync(path.join(dir, 'desk-journal.json'), 'utf8');
    for (const name of ['Léa', 'Garnier', 'Hugo', 'Perrin']) expect(onDisk).not.toContain(name);
    expect(sealed.ticketFor('A1')?.patientDisplayName).toBe('Léa Garnier-Vidal');
    const reopened = await DeskJournal.open(dir, undefined, keystore);
    expect(reopened.ticketFor('A2')?.patientDisplayName).toBe('Hugo Perrin');
    // Another computer's keychain cannot open the names: the tickets stay, nameless.
    const elsewhere = await DeskJournal.open(dir, undefined, new TestKeystore());
    expect(elsewhere.ticketFor('A1')).toMatchObject({ formattedNumber: 'I012', patientDisplayName: null });

    const plain = folder();
    const memoryOnly = await DeskJournal.open(plain);
    await memoryOnly.recordTicket(entry());
    expect(memoryOnly.ticketFor('A1')?.patientDisplayName).toBe('Léa Garnier-Vidal');
    expect(readFileSync(path.join(plain, 'desk-journal.json'), 'utf8')).not.toContain('Garnier');
    expect((await DeskJournal.open(plain)).ticketFor('A1')).toMatchObject({ formattedNumber: 'I012', patientDisplayName: null });
  });

  it('records made at once all land on disk although the keychain seals names at its own pace', async () => {
    const dir = folder();
    // The first sealing takes the keychain longest: the first write's older picture must never land last.
    class SlowFirstKeystore extends TestKeystore {
      private asked = 0;
      override async encryptStringAsync(plainText: string): Promise<Buffer> {
        this.asked += 1;
        if (this.asked === 1) await new Promise((resolve) => setTimeout(resolve, 30));
        return super.encryptStringAsync(plainText);
      }
    }
    const keystore = new SlowFirstKeystore();
    const journal = await DeskJournal.open(dir, undefined, keystore);
    await Promise.all([
      journal.recordTicket(entry()),
      journal.recordTicket(entry({ contractAppointmentId: 'A2', formattedNumber: 'I013', patientDisplayName: 'Hugo Perrin' })),
      journal.recordTicket(entry({ contractAppointmentId: 'A3', formattedNumber: 'I014', patientDisplayName: 'Inès Morel' })),
    ]);
    const again = await DeskJournal.open(dir, undefined, keystore);
    expect(again.tickets(1).map((ticket) => ticket.patientDisplayName).sort()).toEqual(['Hugo Perrin', 'Inès Morel', 'Léa Garnier-Vidal']);
  });

  it('a name sealed under a key the keychain has since rotated is sealed again at the next write', async () => {
    const dir = folder();
    const keystore = new TestKeystore();
    await (await DeskJournal.open(dir, undefined, keystore)).recordTicket(entry());
    const before = readFileSync(path.join(dir, 'desk-journal.json'), 'utf8');
    keystore.rotated = true;
    const reopened = await DeskJournal.open(dir, undefined, keystore);
    keystore.rotated = false;
    await reopened.recordTicket(entry({ contractAppointmentId: 'A2', formattedNumber: 'I013', patientDisplayName: 'Hugo Perrin' }));
    const sealedOf = (text: string) => (JSON.parse(text) as { tickets: { contractAppointmentId: string; sealedName: string }[] }).tickets.find((t) => t.contractAppointmentId === 'A1')!.sealedName;
    expect(sealedOf(readFileSync(path.join(dir, 'desk-journal.json'), 'utf8'))).not.toBe(sealedOf(before));
    expect((await DeskJournal.open(dir, undefined, keystore)).ticketFor('A1')?.patientDisplayName).toBe('Léa Garnier-Vidal');
  });

  it('a journal an older desk wrote with names in clear is sealed at the next start', async () => {
    const dir = folder();
    const now = () => new Date('2026-11-23T10:00:00');
    const old = await DeskJournal.open(dir, now);
    const ticket = await old.recordTicket(entry());
    writeFileSync(path.join(dir, 'desk-journal.json'), JSON.stringify({ day: '2026-11-23', tickets: [ticket] }));
    expect(readFileSync(path.join(dir, 'desk-journal.json'), 'utf8')).toContain('Garnier');
    const keystore = new TestKeystore();
    const journal = await DeskJournal.open(dir, now, keystore);
    expect(journal.ticketFor('A1')?.patientDisplayName).toBe('Léa Garnier-Vidal');
    expect(readFileSync(path.join(dir, 'desk-journal.json'), 'utf8')).not.toContain('Garnier');
    expect((await DeskJournal.open(dir, now, keystore)).ticketFor('A1')?.patientDisplayName).toBe('Léa Garnier-Vidal');
  });

  it('keeps the furthest status, and an undone reception stays undone until a redo brings a new number', async () => {
    const journal = await DeskJournal.open(folder());
    await journal.recordTicket(entry({ status: 'inCare' }));
    expect((await journal.recordTicket(entry({ status: 'checkedIn' }))).status).toBe('inCare');
    await journal.recordCancelled('A1');
    expect(journal.ticketFor('A1')).toBeNull();
    // A later search still reads the arrival the publisher keeps: the cancellation stands.
    expect((await journal.recordTicket(entry())).status).toBe('cancelled');
    const redo = await journal.recordTicket(entry({ formattedNumber: 'I020' }));
    expect(redo).toMatchObject({ status: 'checkedIn', number: 20 });
    expect(journal.ticketFor('A1')?.formattedNumber).toBe('I020');
  });

  it('holds one day: yesterday is gone the next morning, and its file content with the first write', async () => {
    const dir = folder();
    let now = new Date('2026-11-23T18:00:00');
    const journal = await DeskJournal.open(dir, () => now);
    await journal.recordTicket(entry());
    now = new Date('2026-11-24T07:30:00');
    expect(journal.tickets(1)).toEqual([]);
    await journal.recordTicket(entry({ contractAppointmentId: 'B1', formattedNumber: 'I001' }));
    const reopened = await DeskJournal.open(dir, () => now);
    expect(reopened.tickets(1).map((ticket) => ticket.contractAppointmentId)).toEqual(['B1']);
  });

  it("a desk started on a new day clears yesterday's file at once, without waiting for a change", async () => {
    const dir = folder();
    await (await DeskJournal.open(dir, () => new Date('2026-11-23T18:00:00'))).recordTicket(entry());
    await DeskJournal.open(dir, () => new Date('2026-11-24T07:30:00'));
    expect(readFileSync(path.join(dir, 'desk-journal.json'), 'utf8')).not.toContain('Garnier');
  });

  it('a file that cannot be read is kept aside, never reset silently, and the desk starts the day empty', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'desk-journal.json'), '{"day": "2026-11-23", "tickets": [{"ticketId": 3}]}');
    const journal = await DeskJournal.open(dir);
    expect(journal.tickets(1)).toEqual([]);
    expect(readdirSync(dir)).toContain('desk-journal.json.corrupt');
  });

  it("keeps a journey's appointments, which share one number, as one ticket; received patients without a number stay apart", async () => {
    const journal = await DeskJournal.open(folder());
    const main = await journal.recordTicket(entry());
    expect(await journal.recordTicket(entry({ contractAppointmentId: 'A1-linked', examLabel: 'Scanner thoracique' }))).toEqual(main);
    await journal.recordTicket(entry({ contractAppointmentId: 'B1', formattedNumber: NO_TICKET_NUMBER }));
    await journal.recordTicket(entry({ contractAppointmentId: 'B2', formattedNumber: NO_TICKET_NUMBER }));
    expect(journal.tickets(1).map((ticket) => ticket.contractAppointmentId)).toEqual(['A1', 'B1', 'B2']);
  });

  it('tells its listeners after each change is on disk', async () => {
    const journal = await DeskJournal.open(folder());
    const told: string[] = [];
    const stop = journal.subscribe((ticket) => told.push(`${ticket.formattedNumber}:${ticket.lastCall?.deskLabel ?? '-'}`));
    const ticket = await journal.recordTicket(entry());
    await journal.recordCall(ticket, { deskId: 1, deskLabel: 'Accueil 1' });
    stop();
    await journal.recordCancelled('A1');
    expect(told).toEqual(['I012:-', 'I012:Accueil 1']);
  });

  it("merges the desk's own calls into the platform's tickets, the newer call winning", async () => {
    const journal = await DeskJournal.open(folder());
    const platform = { ...(await journal.recordTicket(entry())), ticketId: 'tkt-1' };
    const older = { ...platform, lastCall: { deskId: 1, deskLabel: 'Accueil 1', at: '2026-11-23T09:00:00.000Z' } };
    const newer = { ...platform, lastCall: { deskId: 2, deskLabel: 'Accueil 2', at: '2026-11-23T09:05:00.000Z' } };
    expect(withLocalCalls([platform], [newer])[0]!.lastCall?.deskLabel).toBe('Accueil 2');
    expect(withLocalCalls([newer], [older])[0]!.lastCall?.deskLabel).toBe('Accueil 2');
    expect(withLocalCalls([older], [])).toEqual([older]);
  });
});
