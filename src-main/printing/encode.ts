import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { CodePage } from '../../src-shared/ipc/features/printing.contract';
import type { TicketLayout } from '../../src-shared/printing/layout';
import { GENERIC_MODEL } from './models';

export interface EncodeOptions {
  model: string;
  codePage: CodePage;
}

/** QR module size in dots: about 2 cm wide on 58 mm paper, 2.5 cm on 80 mm. */
export const QR_MODULE_DOTS = { 58: 5, 80: 6 } as const;

/**
 * ESC/POS bytes of a ticket layout: `ESC @`, one fixed code page for the whole ticket
 * (`ESC t`, never the encoder's `auto`), `GS !` double size for the number, the
 * standard `GS ( k` QR code, a feed and a partial cut (`GS V`).
 */
export function encodeTicket(layout: TicketLayout, options: EncodeOptions): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    ...(options.model === GENERIC_MODEL ? { language: 'esc-pos', codepageMapping: 'epson' } : { printerModel: options.model as never }),
    columns: layout.columns,
    // A character missing from the code page prints as '?' instead of failing the ticket.
    errors: 'relaxed',
    newline: '\n',
    feedBeforeCut: 4,
  });
  encoder.initialize().codepage(options.codePage);
  for (const block of layout.blocks) {
    switch (block.kind) {
      case 'text':
        encoder.align(block.align).bold(block.bold);
        if (block.size === 2) encoder.size(2, 2);
        encoder.line(block.text);
        if (block.size === 2) encoder.size(1, 1);
        encoder.bold(false);
        break;
      case 'qr':
        encoder.align('center').qrcode(block.data, { model: 2, size: QR_MODULE_DOTS[layout.paperWidth], errorlevel: 'm' });
        break;
      case 'rule':
        // Dashes, not the encoder's box-drawing rule: that one switches to CP437 and back.
        encoder.align('left').line('-'.repeat(layout.columns));
        break;
      case 'feed':
        encoder.newline(block.lines);
        break;
    }
  }
  return encoder.align('left').cut('partial').encode();
}
