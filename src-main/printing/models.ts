import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { CODE_PAGES, type CodePage, type PrinterModelInfo } from '../../src-shared/ipc/features/printing.contract';
import type { PaperWidth } from '../../src-shared/printing/layout';

/** Epson-compatible ESC/POS without a model profile: the encoder's Epson code page table. */
export const GENERIC_MODEL = 'generic';

/**
 * Columns on 80 mm paper when the head is unknown: the encoder's own ESC/POS default. 48
 * would wrap every long line in two on a 42-column head (TM-T88); 42 fits both kinds.
 */
export const SAFE_COLUMNS_80 = 42;

/** Whether a model prints QR codes, asked of the encoder once per model. */
const qrModels = new Map<string, boolean>();

/**
 * The printer models the desk offers: the encoder's ESC/POS ones (status is read with
 * `DLE EOT`, which StarPRNT/StarLine printers do not answer) and, for each, the code
 * pages it has that print French accents and € (never `auto`: the encoder would then
 * switch code pages mid-ticket, which some printers ignore, printing wrong letters).
 */
export const PRINTER_MODELS: readonly PrinterModelInfo[] = buildModels();

function buildModels(): PrinterModelInfo[] {
  const models: PrinterModelInfo[] = [{ id: GENERIC_MODEL, name: 'ESC/POS (Epson compatible)', codePages: [...CODE_PAGES], qrCode: true, columns: columnsOf(GENERIC_MODEL) }];
  for (const model of ReceiptPrinterEncoder.printerModels) {
    const encoder = new ReceiptPrinterEncoder({ printerModel: model.id as never });
    if (encoder.language !== 'esc-pos') continue;
    const codePages = CODE_PAGES.filter((codePage) => supports(model.id, codePage));
    if (codePages.length > 0) models.push({ id: model.id, name: model.name.trim(), codePages, qrCode: printsQrCode(model.id), columns: columnsOf(model.id) });
  }
  return models;
}

interface Capabilities {
  qrcode: { supported: boolean; models: string[] };
}

/**
 * Whether the model has the QR commands the ticket uses (`GS ( k`, model 2). The TM-T88II/III,
 * the SRP-350 and the Metapace T-1 have none, and the MPT-II lists no QR model: the encoder
 * would leave the QR code out without a word. The generic model is assumed to have them.
 */
export function printsQrCode(model: string): boolean {
  if (model === GENERIC_MODEL) return true;
  let known = qrModels.get(model);
  if (known === undefined) {
    const { qrcode } = new ReceiptPrinterEncoder({ printerModel: model as never }).printerCapabilities as Capabilities;
    qrModels.set(model, (known = qrcode.supported && qrcode.models.includes('2')));
  }
  return known;
}


function supports(model: string, codePage: CodePage): boolean {
  try {
    new ReceiptPrinterEncoder({ printerModel: model as never }).initialize().codepage(codePage);
    return true;
  } catch {
    return false;
  }
}

function columnsOf(model: string): PrinterModelInfo['columns'] {
  return { 58: columnsFor(model, 58), 80: columnsFor(model, 80) };
}

export function findModel(id: string): PrinterModelInfo | undefined {
  return PRINTER_MODELS.find((model) => model.id === id);
}

/**
 * Characters per line of font A: 32 on 58 mm paper; on 80 mm, the model's own count
 * (42 on the 512-dot TM-T88 heads, 48 on 576-dot ones). An unknown head (the generic
 * model, a 58 mm model on 80 mm paper) gets `SAFE_COLUMNS_80`.
 */
export function columnsFor(model: string, paperWidth: PaperWidth): number {
  if (paperWidth === 58) return 32;
  if (model === GENERIC_MODEL) return SAFE_COLUMNS_80;
  const columns = new ReceiptPrinterEncoder({ printerModel: model as never }).columns;
  return columns >= SAFE_COLUMNS_80 ? columns : SAFE_COLUMNS_80;
}
