import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TicketFacts } from '../../../../src-shared/printing/layout';
import { encodeTicket } from '../../../../src-main/printing/encode';
import { buildTicketLayout } from '../../../../src-main/printing/layout';
import type { NewJob } from '../../../../src-main/printing/queue';

export function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'desk-printing-'));
}

/** A queued ticket as the printing service builds it. */
export function ticketJob(formattedNumber: string, key = `issued:${formattedNumber}`, kind: NewJob['kind'] = 'issued'): NewJob {
  const facts: TicketFacts = {
    formattedNumber,
    examLabel: 'Radiographie du thorax',
    practitionerLabel: null,
    roomLabel: 'Salle 1',
    printedAt: '2026-11-23T09:00:00Z',
    day: '2026-11-23',
  };
  const layout = buildTicketLayout({
    facts,
    settings: { establishmentName: 'Centre Lyon', officePlaceVisibleId: 'LYON', showQr: true, footer: 'Merci', language: 'fr' },
    paperWidth: 80,
    columns: 48,
    reprint: kind === 'reprint',
    timeZone: 'Europe/Paris',
  });
  const bytes = Buffer.from(encodeTicket(layout, { model: 'generic', codePage: 'cp858' })).toString('base64');
  return { key, kind, formattedNumber, contractAppointmentId: `APPT-${formattedNumber}`, officePlaceId: 1, facts, layout, bytes };
}

/** Resolves once `check` holds, polling; bounded so a broken test fails instead of hanging. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
