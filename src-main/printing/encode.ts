import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { CodePage, LeftOut } from '../../src-shared/ipc/features/printing.contract';
import type { TicketLayout } from '../../src-shared/printing/layout';
import { GENERIC_MODEL, printsQrCode } from './models';

export interface EncodeOptions {
  model: string;
  codePage: CodePage;
}

/** What the printer gets, and what of the layout it cannot print (said on the Printers page, never silent). */
export interface EncodedTicket {
  bytes: Uint8Array;
  leftOut: LeftOut[];
}

/** QR module size in dots: about 2 cm wide on 58 mm paper, 2.5 cm on 80 mm. */
export const QR_MODULE_DOTS = { 58: 5, 80: 6 } as const;

/**
 * ESC/POS bytes of a ticket layout, exactly as the encoder library writes them
 * (`encodeWithLibrary`), but fast: the library's line composer costs about 0.15 ms per
 * line, so each ticket *shape* (block kinds, styles and text lengths) is encoded by the
 * library once, and tickets of that shape only get their characters written in.
 */
export function encodeTicket(layout: TicketLayout, options: EncodeOptions): Uint8Array {
  return compiledEncoder(options).encode(layout);
}

/** The ticket's bytes and what the model leaves out: the QR code on a model that has no QR command (TM-T88II/III…). */
export function encodeForPrinter(layout: TicketLayout, options: EncodeOptions): EncodedTicket {
  return { bytes: encodeTicket(layout, options), leftOut: leftOutOf(layout, options.model) };
}

/** What of this layout the model cannot print (the preview draws it as missing, the page says so). */
export function leftOutOf(layout: TicketLayout, model: string): LeftOut[] {
  return layout.blocks.some((block) => block.kind === 'qr') && !printsQrCode(model) ? ['qrCode'] : [];
}

/**
 * QR data as the library writes it: it writes each character as one ISO-8859-1 byte
 * (`É` as 0xC9, `ł` as `?`), but QR readers take byte-mode data as UTF-8, so the
 * library is handed the UTF-8 bytes one character each.
 */
function qrData(data: string): string {
  return Buffer.from(data, 'utf8').toString('latin1');
}

/**
 * ESC/POS bytes of a ticket layout: `ESC @`, one fixed code page for the whole ticket
 * (`ESC t`, never the encoder's `auto`), `GS !` double size for the number, the
 * standard `GS ( k` QR code, a feed and a partial cut (`GS V`).
 */
export function encodeWithLibrary(layout: TicketLayout, options: EncodeOptions): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    ...(options.model === GENERIC_MODEL ? { language: 'esc-pos', codepageMapping: 'epson' } : { printerModel: options.model as never }),
    columns: layout.columns,
    // The layout holds only characters of the code page (charset.ts); should one slip through, a '?' beats a lost ticket.
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
        encoder.align('center');
        // A model without QR commands gets none (the library would only warn on the console); `leftOutOf` says so.
        if (printsQrCode(options.model)) encoder.qrcode(qrData(block.data), { model: 2, size: QR_MODULE_DOTS[layout.paperWidth], errorlevel: 'm' });
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

/** Shapes kept per printer profile: a desk's tickets come in a handful of shapes a day. */
const SHAPES_KEPT = 256;
const encoders = new Map<string, CompiledEncoder>();

function compiledEncoder(options: EncodeOptions): CompiledEncoder {
  const key = `${options.model}/${options.codePage}`;
  let encoder = encoders.get(key);
  if (!encoder) encoders.set(key, (encoder = new CompiledEncoder(options)));
  return encoder;
}

/** Where each character of the ticket's texts goes in the shape's bytes. */
interface Shape {
  bytes: Uint8Array;
  /** Byte offset of every text character (and QR data byte), in layout order. */
  slots: number[];
}

/**
 * Learns from the library where text goes: a shape is encoded twice with two placeholder
 * letters, and the bytes that differ are the text's. A character's byte is learnt the same
 * way. Anything the trick cannot prove (a character that is not one byte, bytes that move)
 * is encoded by the library directly, so the output is always the library's.
 */
class CompiledEncoder {
  private readonly shapes = new Map<string, Shape | null>();
  /** A text character's byte in the code page. */
  private readonly bytes = new Map<string, number | null>();
  /** Whether the model prints QR codes: a left-out QR code has no bytes to write in. */
  private readonly qr: boolean;

  constructor(private readonly options: EncodeOptions) {
    this.qr = printsQrCode(options.model);
  }

  encode(layout: TicketLayout): Uint8Array {
    const shape = this.shape(layout);
    const bytes = shape ? this.fill(shape, layout) : null;
    return bytes ?? encodeWithLibrary(layout, this.options);
  }

  private fill(shape: Shape, layout: TicketLayout): Uint8Array | null {
    const out = shape.bytes.slice();
    let slot = 0;
    for (const block of layout.blocks) {
      if (block.kind === 'qr' && this.qr) for (const byte of Buffer.from(block.data, 'utf8')) out[shape.slots[slot++]!] = byte;
      if (block.kind !== 'text') continue;
      for (const char of block.text) {
        const byte = this.byteOf(char);
        if (byte === null) return null;
        out[shape.slots[slot++]!] = byte;
      }
    }
    return out;
  }

  private shape(layout: TicketLayout): Shape | null {
    const key = JSON.stringify([
      layout.paperWidth,
      layout.columns,
      layout.blocks.map((block) => (block.kind === 'text' ? [block.align, block.bold, block.size, [...block.text].length] : block.kind === 'qr' ? ['qr', qrLength(block.data)] : block.kind === 'feed' ? ['feed', block.lines] : ['rule'])),
    ]);
    if (this.shapes.has(key)) return this.shapes.get(key)!;
    const a = encodeWithLibrary(withLetter(layout, 'x'), this.options);
    const b = encodeWithLibrary(withLetter(layout, 'y'), this.options);
    const slots: number[] = [];
    if (a.length === b.length) for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) slots.push(i);
    const expected = layout.blocks.reduce((sum, block) => sum + (block.kind === 'text' ? [...block.text].length : block.kind === 'qr' && this.qr ? qrLength(block.data) : 0), 0);
    const shape = a.length === b.length && slots.length === expected ? { bytes: a, slots } : null;
    if (this.shapes.size >= SHAPES_KEPT) this.shapes.delete(this.shapes.keys().next().value!);
    this.shapes.set(key, shape);
    return shape;
  }

  /** The character's one byte, learnt by encoding it in place of 'x'; null when it is not exactly one byte. */
  private byteOf(char: string): number | null {
    const table = this.bytes;
    const known = table.get(char);
    if (known !== undefined) return known;
    const probe = (value: string) =>
      encodeWithLibrary({ paperWidth: 80, columns: 48, language: 'fr', blocks: [{ kind: 'text', text: value, align: 'left', bold: false, size: 1 }] }, this.options);
    const reference = probe('x');
    const candidate = probe(char);
    let byte: number | null = null;
    if (char === 'x') byte = 0x78;
    else if (reference.length === candidate.length) {
      const differing = [...reference.keys()].filter((i) => reference[i] !== candidate[i]);
      if (differing.length === 1) byte = candidate[differing[0]!]!;
    }
    table.set(char, byte);
    return byte;
  }
}

function withLetter(layout: TicketLayout, letter: string): TicketLayout {
  return {
    ...layout,
    blocks: layout.blocks.map((block) => {
      if (block.kind === 'text') return { ...block, text: letter.repeat([...block.text].length) };
      if (block.kind === 'qr') return { ...block, data: letter.repeat(qrLength(block.data)) };
      return block;
    }),
  };
}

/** Bytes of the QR data as printed (UTF-8). */
function qrLength(data: string): number {
  return Buffer.byteLength(data, 'utf8');
}
