import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventName } from '../../../../src-shared/ipc/channels';
import type { PrintingFeature } from '../../../../src-main/features';
import { createPrintingFeature, type PrintingDeps } from '../../../../src-main/printing/feature';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { sandboxDeskParts } from '../../../helpers/desk-context';
import { visibleText } from '../../../helpers/escpos-reader';
import { PrinterEmulator } from '../../../helpers/printer-emulator';
import { usbApiOf } from '../../../helpers/usb-double';
import { eventually, tempDir } from './support';

let sandbox: RunningSandbox;
const features: PrintingFeature[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ kioskIntervalMs: 0 });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  await Promise.all(features.splice(0).map((feature) => feature.close?.()));
});

/** The printing feature on the training sandbox, as the desk composes it; events recorded. */
async function printing(dataDir = tempDir(), waitEstimate?: PrintingDeps['waitEstimate']) {
  const context = await sandboxDeskParts(sandbox, dataDir);
  const seen: { event: EventName; payload: unknown }[] = [];
  context.events.subscribe((event, payload) => seen.push({ event, payload }));
  await context.staff.signIn({ login: 'accueil', password: 'formation' });
  const feature = await createPrintingFeature({ ...context, waitEstimate }, { usb: usbApiOf([]), pollMs: 50, timeZone: 'Europe/Paris' });
  features.push(feature);
  return { feature, seen, handlers: feature.handlers, journal: context.journal };
}

function boardTicket() {
  const ticket = sandbox.world.platform.tickets.find(
    (candidate) => candidate.officePlaceId === sandbox.profile.officePlaceId && candidate.contractAppointmentId && candidate.status === 'checkedIn',
  );
  if (!ticket) throw new Error('the seeded day has no checked-in ticket');
  return ticket as typeof ticket & { contractAppointmentId: string };
}

describe('reprint', () => {
  it('in training prints to the preview: same number as the board and the publisher, a preview picture and a queue entry', async () => {
    const { handlers, seen } = await printing();
    const ticket = boardTicket();
    const appointment = sandbox.world.publisher.appointments.find((candidate) => candidate.id === ticket.contractAppointmentId)!;
    expect(appointment.ticketNumberFormatted).toBe(ticket.formattedNumber);
    const outcome = await handlers['printing/reprint']({ contractAppointmentId: ticket.contractAppointmentId });
    expect(outcome.outcome).toBe('preview');
    const preview = seen.find((entry) => entry.event === 'printing/previewPrinted')?.payload as { formattedNumber: string; svg: string };
    expect(preview.formattedNumber).toBe(ticket.formattedNumber);
    expect(preview.svg).toContain(ticket.formattedNumber);
    expect(preview.svg).toContain('DUPLICATA');
    const overview = await handlers['printing/overview'](undefined);
    expect(overview.queue[0]).toMatchObject({ id: outcome.jobId, kind: 'reprint', formattedNumber: ticket.formattedNumber, state: 'preview' });
  });

  it("answers the printer chip's status and queue as the overview does, without the ticket preview", async () => {
    const { handlers } = await printing();
    const ticket = boardTicket();
    await handlers['printing/reprint']({ contractAppointmentId: ticket.contractAppointmentId });
    const overview = await handlers['printing/overview'](undefined);
    const state = await handlers['printing/state'](undefined);
    expect(state).toEqual({ status: overview.status, queue: overview.queue });
    expect(state.queue[0]).toMatchObject({ formattedNumber: ticket.formattedNumber });
    expect(state).not.toHaveProperty('previewSvg');
  });

  it('refuses a cancelled appointment and an unknown one, and prints nothing', async () => {
    const { handlers } = await printing();
    const cancelled = sandbox.world.publisher.appointments.find((candidate) => candidate.status === 'cancelled')!;
    await expect(handlers['printing/reprint']({ contractAppointmentId: cancelled.id })).rejects.toMatchObject({ code: 'REPRINT_CANCELLED_APPOINTMENT' });
    await expect(handlers['printing/reprint']({ contractAppointmentId: 'A9999~NOPE' })).rejects.toMatchObject({ code: 'UNKNOWN_APPOINTMENT' });
    const scheduled = sandbox.world.publisher.appointments.find((candidate) => candidate.status === 'scheduled' && !candidate.ticketNumberFormatted)!;
    await expect(handlers['printing/reprint']({ contractAppointmentId: scheduled.id })).rejects.toMatchObject({ code: 'TICKET_NOT_ISSUED' });
    expect((await handlers['printing/overview'](undefined)).queue).toEqual([]);
  });

  it('refuses to print when the platform and the publisher disagree on the number', async () => {
    const { handlers } = await printing();
    const ticket = boardTicket();
    const appointment = sandbox.world.publisher.appointments.find((candidate) => candidate.id === ticket.contractAppointmentId)!;
    const original = appointment.ticketNumberFormatted;
    appointment.ticketNumberFormatted = 'Z999';
    try {
      await expect(handlers['printing/reprint']({ contractAppointmentId: ticket.contractAppointmentId })).rejects.toMatchObject({
        code: 'TICKET_NUMBER_MISMATCH',
      });
    } finally {
      appointment.ticketNumberFormatted = original;
    }
  });

  it("without the platform's day list, checks the number against the desk's own ticket and keeps the reprint in the desk journal", async () => {
    const { handlers, journal } = await printing();
    const ticket = boardTicket();
    sandbox.deskExtensions.offered = false;
    try {
      // Not in the journal yet: the publisher's number is the one, and the reprint joins the desk's own tickets.
      expect((await handlers['printing/reprint']({ contractAppointmentId: ticket.contractAppointmentId })).outcome).toBe('preview');
      expect(journal.ticketFor(ticket.contractAppointmentId)).toMatchObject({ formattedNumber: ticket.formattedNumber, officePlaceId: ticket.officePlaceId });
      await journal.recordTicket({ contractAppointmentId: ticket.contractAppointmentId, formattedNumber: 'Z001', officePlaceId: ticket.officePlaceId, patientDisplayName: null, examLabel: null, status: 'checkedIn' });
      await expect(handlers['printing/reprint']({ contractAppointmentId: ticket.contractAppointmentId })).rejects.toMatchObject({ code: 'TICKET_NUMBER_MISMATCH' });
    } finally {
      sandbox.deskExtensions.offered = true;
    }
  });

  it('on a network printer: the bytes carry the board number; a replayed click prints once', async () => {
    const printer = await PrinterEmulator.start();
    try {
      const { handlers } = await printing();
      await handlers['printing/saveSettings']({
        printer: { target: { kind: 'network', host: '127.0.0.1', port: printer.port }, model: 'generic', codePage: 'cp858', paperWidth: 58 },
      });
      const ticket = boardTicket();
      const request = { contractAppointmentId: ticket.contractAppointmentId, requestId: '6f1c0d1e-5a7b-4c1d-9e2f-0a1b2c3d4e5f' };
      expect(await handlers['printing/reprint'](request)).toMatchObject({ outcome: 'printed' });
      expect(await handlers['printing/reprint'](request)).toMatchObject({ outcome: 'printed' });
      expect(printer.numbers()).toEqual([ticket.formattedNumber]);
      expect(visibleText(printer.tickets()[0]!)).toContain('DUPLICATA');
    } finally {
      await printer.close();
    }
  });

  it('check-in printing of the same issued ticket twice is one job', async () => {
    const printer = await PrinterEmulator.start();
    try {
      const { feature, handlers } = await printing();
      await handlers['printing/saveSettings']({
        printer: { target: { kind: 'network', host: '127.0.0.1', port: printer.port }, model: 'generic', codePage: 'cp858', paperWidth: 80 },
      });
      const ticket = boardTicket();
      const issued = { contractAppointmentId: ticket.contractAppointmentId, formattedNumber: ticket.formattedNumber, officePlaceId: ticket.officePlaceId, requestUid: 'req-1' };
      await feature.printer.printIssuedTicket(issued);
      await feature.printer.printIssuedTicket(issued);
      expect(printer.numbers()).toEqual([ticket.formattedNumber]);
    } finally {
      await printer.close();
    }
  });

  it('keeps the queue across a restart of the feature and reports status changes as events', async () => {
    const printer = await PrinterEmulator.start();
    const dir = tempDir();
    try {
      const first = await printing(dir);
      await first.handlers['printing/saveSettings']({
        printer: { target: { kind: 'network', host: '127.0.0.1', port: printer.port }, model: 'generic', codePage: 'cp858', paperWidth: 80 },
      });
      printer.set({ paper: 'out' });
      await first.handlers['printing/testPrint'](undefined);
      await eventually(() => first.seen.some((entry) => entry.event === 'printing/statusChanged' && (entry.payload as { state: string }).state === 'paperOut'));
      await features.pop()!.close?.();
      printer.set({ paper: 'ok' });
      const second = await printing(dir);
      await eventually(() => printer.numbers().length === 1);
      expect(printer.numbers()).toEqual(['T000']);
      expect((await second.handlers['printing/overview'](undefined)).queue[0]).toMatchObject({ kind: 'test', state: 'printed' });
    } finally {
      await printer.close();
    }
  });

  it('says what the chosen model cannot print: the overview, the preview, the test print and the paper', async () => {
    const printer = await PrinterEmulator.start();
    try {
      const { handlers } = await printing();
      const layout = { establishmentName: 'Centre ✚ Cœur', officePlaceVisibleId: 'CŒUR-ÉTÉ', showQr: true, footer: 'Merci', language: 'fr' as const };
      const target = { kind: 'network' as const, host: '127.0.0.1', port: printer.port };
      // Before any save the form starts from the training place's own texts: its visible id, so its QR code.
      const defaults = (await handlers['printing/overview'](undefined)).ticketTexts;
      expect(defaults).toMatchObject({ showQr: true, officePlaceVisibleId: expect.stringMatching(/\S/), establishmentName: expect.stringMatching(/\S/) });
      const without = await handlers['printing/saveSettings']({ printer: { target, model: 'epson-tm-t88iii', codePage: 'cp858', paperWidth: 80 }, layout });
      expect(without.leftOut).toEqual(['qrCode']);
      expect(without.ticketTexts).toEqual(layout);
      expect(without.models.find((model) => model.id === 'epson-tm-t88iii')).toMatchObject({ qrCode: false, columns: { 58: 32, 80: 42 } });
      expect(without.models.find((model) => model.id === 'generic')).toMatchObject({ qrCode: true, columns: { 58: 32, 80: 42 } });
      expect(without.models.find((model) => model.id === 'epson-tm-t20iii')).toMatchObject({ qrCode: true, columns: { 58: 32, 80: 48 } });
      expect(without.previewSvg).toContain('data-left-out="qrCode"');
      expect(without.layout.columns).toBe(42);
      // ✚ has no form in CP858: printed as _, and named to the technician; œ is not, it prints as oe.
      expect(without.unprintable).toEqual(['✚']);
      expect(await handlers['printing/testPrint'](undefined)).toMatchObject({ outcome: 'printed', columns: 42, leftOut: ['qrCode'] });
      const paper = printer.tickets()[0]!;
      expect(paper.qrCodes).toEqual([]);
      expect(visibleText(paper)).toEqual(expect.arrayContaining(['Centre _ Coeur', '42 colonnes', '1234567890'.repeat(5).slice(0, 42), 'Pas de QR code : modèle sans QR']));

      const withQr = await handlers['printing/saveSettings']({ printer: { target, model: 'epson-tm-t20iii', codePage: 'windows1252', paperWidth: 80 }, layout });
      expect(withQr).toMatchObject({ leftOut: [], unprintable: ['✚'] });
      expect(withQr.previewSvg).not.toContain('data-left-out');
      expect(await handlers['printing/testPrint'](undefined)).toMatchObject({ columns: 48, leftOut: [] });
      await eventually(() => printer.tickets().length === 2);
      const qrCodes = printer.tickets()[1]!.qrCodes;
      expect(qrCodes).toHaveLength(1);
      // The reader decodes QR data as UTF-8: the office id reads back whole.
      expect(JSON.parse(qrCodes[0]!)).toMatchObject({ v: 1, ticket: 'T000', office: 'CŒUR-ÉTÉ' });
    } finally {
      await printer.close();
    }
  });
});

describe('the estimated wait on the ticket', () => {
  /** The printing feature with the statistics' estimate replaced by `estimate`; the previews it printed and the appointments asked. */
  async function withEstimate(estimate: (id: string) => Promise<number | null>) {
    const asked: string[] = [];
    const { feature, seen, handlers } = await printing(tempDir(), (id) => (asked.push(id), estimate(id)));
    const previews = () => seen.filter((entry) => entry.event === 'printing/previewPrinted').map((entry) => (entry.payload as { svg: string }).svg);
    const turnOn = async () => {
      const overview = await handlers['printing/overview'](undefined);
      return handlers['printing/saveSettings']({ printer: overview.settings.printer, layout: { ...overview.ticketTexts, showWaitEstimate: true } });
    };
    return { feature, handlers, previews, asked, turnOn };
  }

  const issued = (requestUid: string) => {
    const ticket = boardTicket();
    return { contractAppointmentId: ticket.contractAppointmentId, formattedNumber: ticket.formattedNumber, officePlaceId: ticket.officePlaceId, requestUid };
  };

  it('is off by default: check-in prints no wait line and the statistics are not asked', async () => {
    const { feature, handlers, previews, asked } = await withEstimate(async () => 15);
    expect((await handlers['printing/overview'](undefined)).previewSvg).not.toContain('Attente');
    await feature.printer.printIssuedTicket(issued('wait-off'));
    await eventually(() => previews().length === 1);
    expect(previews()[0]).not.toContain('Attente');
    expect(asked).toEqual([]);
  });

  it("turned on: the preview shows it, a check-in ticket and a reprint print the appointment's estimate", async () => {
    const { feature, handlers, previews, asked, turnOn } = await withEstimate(async () => 25);
    expect((await turnOn()).previewSvg).toContain('Attente estimée : ~15 min');
    const ticket = issued('wait-on');
    await feature.printer.printIssuedTicket(ticket);
    await handlers['printing/reprint']({ contractAppointmentId: ticket.contractAppointmentId });
    await eventually(() => previews().length === 2);
    for (const svg of previews()) expect(svg).toContain('Attente estimée : ~25 min');
    expect(asked).toEqual([ticket.contractAppointmentId, ticket.contractAppointmentId]);
  });

  it('turned on, prints the ticket without a wait line when there is no estimate, the statistics fail or are too slow', async () => {
    const answers: (() => Promise<number | null>)[] = [async () => null, () => Promise.reject(new Error('day list down')), () => new Promise<never>(() => undefined)];
    let next = 0;
    const { feature, previews, turnOn } = await withEstimate(() => answers[next++]!());
    await turnOn();
    for (const [index] of answers.entries()) await feature.printer.printIssuedTicket(issued(`wait-none-${index}`));
    await eventually(() => previews().length === 3);
    for (const svg of previews()) expect(svg).not.toContain('Attente');
  });
});
