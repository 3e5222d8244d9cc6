import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { TicketFacts, TicketLayoutSettings } from '../../src-shared/printing/layout';
import { encodeTicket } from '../../src-main/printing/encode';
import { createPrintingFeature } from '../../src-main/printing/feature';
import { buildTicketLayout } from '../../src-main/printing/layout';
import { startSandbox } from '../../src-main/sandbox/start';
import { sandboxDeskParts } from '../helpers/desk-context';
import { PrinterEmulator } from '../helpers/printer-emulator';
import { percentile, type Benchmark } from './harness';

const settings: TicketLayoutSettings = {
  establishmentName: 'Centre d’imagerie médicale de Lyon Bellecour',
  officePlaceVisibleId: 'LYON-BELLECOUR',
  showQr: true,
  footer: 'Merci de patienter : votre numéro sera appelé à l’écran.',
  language: 'fr',
};

function facts(n: number): TicketFacts {
  return {
    formattedNumber: `E${String(n % 1000).padStart(3, '0')}`,
    examLabel: 'Échographie abdominale et pelvienne',
    practitionerLabel: 'Dr Hélène Français',
    roomLabel: 'Salle 3',
    printedAt: '2026-11-23T13:05:00Z',
    day: '2026-11-23',
  };
}

/** Layout + ESC/POS bytes (CP858, QR code) of one ticket, as each job does. */
function encodeOne(n: number): Uint8Array {
  const layout = buildTicketLayout({ facts: facts(n), settings, paperWidth: 80, columns: 48, reprint: false, timeZone: 'Europe/Paris' });
  return encodeTicket(layout, { model: 'generic', codePage: 'cp858' });
}

export const benchmarks: Benchmark[] = [
  {
    metric: 'printing.encode_tickets_per_s',
    unit: 'tickets/s',
    target: { op: '>=', value: 5_000 },
    async run() {
      for (let i = 0; i < 500; i += 1) encodeOne(i);
      const count = 5_000;
      const started = performance.now();
      for (let i = 0; i < count; i += 1) encodeOne(i);
      return count / ((performance.now() - started) / 1_000);
    },
  },
  {
    // Reprint click → first job byte at the printer (loopback TCP 9100 emulator), minus
    // the publisher's getAppointmentById round trip it waits for: what the desk itself
    // adds (day list in parallel, status check, layout, encoding, durable queue write). p50 of 60.
    metric: 'printing.reprint_overhead_ms',
    unit: 'ms',
    target: { op: '<=', value: 10 },
    async run() {
      const sandbox = await startSandbox({ kioskIntervalMs: 0 });
      const printer = await PrinterEmulator.start();
      const context = await sandboxDeskParts(sandbox, mkdtempSync(path.join(tmpdir(), 'bench-printing-')));
      const publisher = context.publisher;
      let publisherMs = 0;
      const getAppointmentById = publisher.getAppointmentById.bind(publisher);
      publisher.getAppointmentById = async (id: string) => {
        const started = performance.now();
        try {
          return await getAppointmentById(id);
        } finally {
          publisherMs = performance.now() - started;
        }
      };
      await context.staff.signIn({ login: 'accueil', password: 'formation' });
      const feature = await createPrintingFeature(context, { pollMs: 0 });
      try {
        await feature.handlers['printing/saveSettings']({
          printer: { target: { kind: 'network', host: '127.0.0.1', port: printer.port }, model: 'generic', codePage: 'cp858', paperWidth: 80 },
        });
        const ticket = sandbox.world.platform.tickets.find((candidate) => candidate.officePlaceId === sandbox.profile.officePlaceId && candidate.contractAppointmentId);
        if (!ticket?.contractAppointmentId) throw new Error('no ticket to reprint in the training day');
        const samples: number[] = [];
        for (let i = 0; i < 80; i += 1) {
          let firstByte = Number.NaN;
          printer.onJobData = (at) => {
            if (Number.isNaN(firstByte)) firstByte = at;
          };
          const clicked = performance.now();
          await feature.handlers['printing/reprint']({ contractAppointmentId: ticket.contractAppointmentId, requestId: crypto.randomUUID() });
          if (i >= 20) samples.push(firstByte - clicked - publisherMs);
        }
        return percentile(samples, 50);
      } finally {
        await feature.close?.();
        await printer.close();
        await sandbox.close();
      }
    },
  },
];
