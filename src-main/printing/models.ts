import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { CODE_PAGES, type CodePage, type PrinterModelInfo } from '../../src-shared/ipc/features/printing.contract';
import type { PaperWidth } from '../../src-shared/printing/layout';

/** Epson-compatible ESC/POS without a model profile: the encoder's Epson code page table. */
export const GENERIC_MODEL = 'generic';

/**
 * The printer models the desk offers: the encoder's ESC/POS ones (status is read with
 * `DLE EOT`, which StarPRNT/StarLine printers do not answer) and, for each, the code
 * pages it has that print French accents and € (never `auto`: the encoder would then
 * switch code pages mid-ticket, which some printers ignore, printing wrong letters).
 */
export const PRINTER_MODELS: readonly PrinterModelInfo[] = buildModels();

function buildModels(): PrinterModelInfo[] {
  const models: PrinterModelInfo[] = [{ id: GENERIC_MODEL, name: 'ESC/POS (Epson compatible)', codePages: [...CODE_PAGES] }];
  for (const model of ReceiptPrinterEncoder.printerModels) {
    const encoder = new ReceiptPrinterEncoder({ printerModel: model.id as never });
    if (encoder.language !== 'esc-pos') continue;
    const codePages = CODE_PAGES.filter((codePage) => supports(model.id, codePage));
    if (codePages.length > 0) models.push({ id: model.id, name: model.name, codePages });
  }
  return models;
}

function supports(model: string, codePage: CodePage): boolean {
  try {
    new ReceiptPrinterEncoder({ printerModel: model as never }).initialize().codepage(codePage);
    return true;
  } catch {
    return false;
  }
}

export function findModel(id: string): PrinterModelInfo | undefined {
  return PRINTER_MODELS.find((model) => model.id === id);
}

/**
 * Characters per line of font A: 32 on 58 mm paper; on 80 mm, the model's own count
 * (42 on the 512-dot TM-T88 heads, 48 on 576-dot ones).
 */
export function columnsFor(model: string, paperWidth: PaperWidth): number {
  if (paperWidth === 58) return 32;
  if (model === GENERIC_MODEL) return 48;
  const columns = new ReceiptPrinterEncoder({ printerModel: model as never }).columns;
  return columns >= 42 ? columns : 48;
}
