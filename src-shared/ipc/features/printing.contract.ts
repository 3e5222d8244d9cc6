import { z } from 'zod';
import {
  paperWidthSchema,
  ticketLayoutSchema,
  ticketLayoutSettingsSchema,
} from '../../printing/layout';
import { none, type ChannelSpec } from '../spec';
import type { PRINTING_CHANNELS, PRINTING_EVENTS } from './printing.names';

/**
 * Reprint a ticket of the board: main re-verifies the appointment before anything is printed.
 * `requestId` (one per click) makes a replayed request the same job, never a second ticket.
 */
export const reprintRequestSchema = z.object({
  contractAppointmentId: z.string().min(1).max(128),
  requestId: z.uuid().optional(),
});

/** What became of a ticket handed to the desk printer. */
export const printOutcomeSchema = z.object({
  /** printed: the printer accepted it; queued: it waits in the durable queue; preview: training/preview transport. */
  outcome: z.enum(['printed', 'queued', 'preview']),
  jobId: z.string().nullable(),
});
export type PrintOutcome = z.infer<typeof printOutcomeSchema>;

/** Parts of a ticket the chosen printer model cannot print: it prints the rest, and the desk says so. */
export const leftOutSchema = z.enum(['qrCode']);
export type LeftOut = z.infer<typeof leftOutSchema>;

/** A test print's outcome, with what the technician checks on paper: the model's columns and what it left out. */
export const testPrintOutcomeSchema = printOutcomeSchema.extend({
  columns: z.number().int().min(16).max(64),
  leftOut: z.array(leftOutSchema),
});
export type TestPrintOutcome = z.infer<typeof testPrintOutcomeSchema>;

// ── printer configuration ────────────────────────────────────────────────────
export const CODE_PAGES = ['cp858', 'windows1252'] as const;
export const codePageSchema = z.enum(CODE_PAGES);
export type CodePage = z.infer<typeof codePageSchema>;

const usbId = z.number().int().min(0).max(0xffff);
const hostSchema = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.:[\]-]+$/, 'host name or IP address');

/**
 * A printer queue name as the operating system spells it (CUPS: `Epson_TM_T20`, Windows:
 * `EPSON TM-T20III Receipt` or `\\server\printer`). Names are handed to the system's
 * tools as one argument or variable, never through a shell; control characters are refused.
 */
export const systemQueueNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(127)
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'printer queue name');

/** Where the desk's tickets go. */
export const printerTargetSchema = z.discriminatedUnion('kind', [
  /** A USB printer found by its VID:PID (and serial number when several are plugged in). */
  z.object({ kind: z.literal('usb'), vendorId: usbId, productId: usbId, serialNumber: z.string().max(128).nullable() }),
  /** Raw TCP (JetDirect), port 9100 on every receipt printer we know. */
  z.object({ kind: z.literal('network'), host: hostSchema, port: z.number().int().min(1).max(65_535) }),
  /** The Linux usblp character device (when the kernel driver is wanted, e.g. shared with CUPS). */
  z.object({ kind: z.literal('device'), path: z.string().regex(/^\/dev\/usb\/lp\d{1,2}$/, '/dev/usb/lpN') }),
  /** No printer: tickets become preview pictures (training, demonstrations). */
  z.object({ kind: z.literal('preview') }),
  /** The platform prints on a kiosk of the office place (`printTicket`). */
  z.object({ kind: z.literal('platform'), kioskDeskId: z.number().int().nullable() }),
  /** A printer queue of the operating system (CUPS raw queue, Windows spooler), fed the same raw ESC/POS bytes. */
  z.object({ kind: z.literal('system'), queue: systemQueueNameSchema }),
]);
export type PrinterTarget = z.infer<typeof printerTargetSchema>;

export const printerSettingsSchema = z.object({
  /** null: no printer chosen yet (tickets are refused, not silently dropped). */
  target: printerTargetSchema.nullable(),
  /** A printer model id of the encoder's list, or `generic` (Epson-compatible ESC/POS). */
  model: z.string().min(1).max(64),
  codePage: codePageSchema,
  paperWidth: paperWidthSchema,
});
export type PrinterSettings = z.infer<typeof printerSettingsSchema>;

export const printingSettingsSchema = z.object({
  printer: printerSettingsSchema,
  /** Ticket texts per office place (key: the platform's officePlaceId). */
  layouts: z.record(z.string().regex(/^-?\d+$/), ticketLayoutSettingsSchema),
});
export type PrintingSettings = z.infer<typeof printingSettingsSchema>;

export const printerModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  codePages: z.array(codePageSchema).min(1),
  /** The model has QR commands; without them tickets print with no QR code (the page says so). */
  qrCode: z.boolean(),
  /** Characters per line of the ticket's font on each paper width. */
  columns: z.object({ 58: z.number().int(), 80: z.number().int() }),
});
export type PrinterModelInfo = z.infer<typeof printerModelSchema>;

// ── status ───────────────────────────────────────────────────────────────────
/** Why a printer cannot print, each with its fix in the renderer's texts. */
export const PRINTER_PROBLEMS = [
  'notConfigured',
  'usbNotFound',
  'usbAccess',
  'usbBusy',
  'usbWinUsb',
  'usbUnavailable',
  'networkRefused',
  'networkTimeout',
  'networkUnreachable',
  'deviceMissing',
  'deviceAccess',
  'platformNoKiosk',
  'platformUnreachable',
  'systemQueueMissing',
  'systemQueueStopped',
  'systemSpoolerUnavailable',
  'noAnswer',
  'writeFailed',
] as const;
export const printerProblemSchema = z.enum(PRINTER_PROBLEMS);
export type PrinterProblem = z.infer<typeof printerProblemSchema>;

export const printerStatusSchema = z.object({
  state: z.enum(['unknown', 'online', 'offline', 'paperOut', 'coverOpen']),
  paperNearEnd: z.boolean(),
  /** Set when offline: what went wrong, for the technician. */
  problem: printerProblemSchema.nullable(),
  /** A technician's detail (library error name, OS error code); never patient data. */
  detail: z.string().max(300).nullable(),
  checkedAt: z.iso.datetime({ offset: true }).nullable(),
  /** System printer only: jobs the operating system's queue still holds (handed over by the desk, not yet at the printer). */
  systemJobs: z.number().int().nonnegative().optional(),
});
export type PrinterStatus = z.infer<typeof printerStatusSchema>;

// ── queue ────────────────────────────────────────────────────────────────────
export const printJobViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['issued', 'reprint', 'test']),
  formattedNumber: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** waiting: not taken by the printer yet; printed / preview / cancelled: finished (kept a while for the technician). */
  state: z.enum(['waiting', 'printing', 'printed', 'preview', 'cancelled']),
  attempts: z.number().int().nonnegative(),
  /** Why a waiting job waits (paper out, printer unplugged…). */
  waitingFor: printerStatusSchema.shape.state.nullable(),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PrintJobView = z.infer<typeof printJobViewSchema>;

export const detectedPrinterSchema = z.object({
  target: printerTargetSchema,
  label: z.string(),
});
export type DetectedPrinter = z.infer<typeof detectedPrinterSchema>;

export const printingOverviewSchema = z.object({
  settings: printingSettingsSchema,
  models: z.array(printerModelSchema),
  status: printerStatusSchema,
  queue: z.array(printJobViewSchema),
  /** The office place this desk prints for (profile / workplace). */
  officePlaceId: z.number().int().nullable(),
  /** A sample ticket of that office place drawn from the layout model, as an SVG document. */
  previewSvg: z.string(),
  layout: ticketLayoutSchema,
  /** That office place's ticket texts as tickets use them (saved, or the desk's defaults): the form starts from them. */
  ticketTexts: ticketLayoutSettingsSchema,
  /** What the chosen model leaves out of that ticket (the preview does not draw it either). */
  leftOut: z.array(leftOutSchema),
  /** Characters of the office place's ticket texts the code page has no form for (printed as `_`). */
  unprintable: z.array(z.string().max(8)).max(64),
});
export type PrintingOverview = z.infer<typeof printingOverviewSchema>;

/** What the app bar's printer chip shows: no ticket preview to draw, so main answers it at once while the desk starts. */
export const printingStateSchema = printingOverviewSchema.pick({ status: true, queue: true });
export type PrintingState = z.infer<typeof printingStateSchema>;

export const saveSettingsRequestSchema = z.object({
  printer: printerSettingsSchema,
  layout: ticketLayoutSettingsSchema.optional(),
});

export const previewPrintedSchema = z.object({ jobId: z.string(), formattedNumber: z.string(), svg: z.string() });
export type PreviewPrinted = z.infer<typeof previewPrintedSchema>;

export const printingContract = {
  'printing/reprint': { request: reprintRequestSchema, response: printOutcomeSchema },
  'printing/overview': { request: none, response: printingOverviewSchema },
  'printing/state': { request: none, response: printingStateSchema },
  'printing/saveSettings': { request: saveSettingsRequestSchema, response: printingOverviewSchema },
  'printing/detect': { request: none, response: z.array(detectedPrinterSchema) },
  'printing/testPrint': { request: none, response: testPrintOutcomeSchema },
  'printing/cancelJob': { request: z.object({ jobId: z.string().min(1).max(64) }), response: z.array(printJobViewSchema) },
  'printing/checkStatus': { request: none, response: printerStatusSchema },
} as const satisfies Record<(typeof PRINTING_CHANNELS)[number], ChannelSpec>;
export const printingEvents = {
  'printing/statusChanged': printerStatusSchema,
  'printing/queueChanged': z.array(printJobViewSchema),
  'printing/previewPrinted': previewPrintedSchema,
} as const satisfies Record<(typeof PRINTING_EVENTS)[number], z.ZodType>;
