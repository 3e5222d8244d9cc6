import QRCode from 'qrcode';
import type { LeftOut } from '../../src-shared/ipc/features/printing.contract';
import type { TicketLayout } from '../../src-shared/printing/layout';
import { QR_MODULE_DOTS } from './encode';

/** Printable dots per line of the print heads: 384 on 58 mm paper, 576 on 80 mm (203 dpi). */
const PRINTABLE_DOTS = { 58: 384, 80: 576 } as const;
const LINE_DOTS = 30;
const MARGIN = 16;

/**
 * The ticket as the printer will draw it, from the same layout as the bytes: same
 * lines, same truncations, same double-size number and the same QR code symbol, or,
 * on a model that leaves the QR code out, an empty crossed frame where it would be.
 * Returned as an SVG document (renderer: `<img src="data:image/svg+xml,…">`).
 */
export function renderTicketSvg(layout: TicketLayout, leftOut: readonly LeftOut[] = []): string {
  const width = PRINTABLE_DOTS[layout.paperWidth];
  const charWidth = width / layout.columns;
  const parts: string[] = [];
  let y = MARGIN;
  for (const block of layout.blocks) {
    switch (block.kind) {
      case 'text': {
        const height = LINE_DOTS * block.size;
        const fontSize = charWidth * block.size * 1.65;
        const x = block.align === 'center' ? width / 2 : 0;
        const anchor = block.align === 'center' ? 'middle' : 'start';
        const weight = block.bold ? ' font-weight="bold"' : '';
        parts.push(
          `<text x="${round(MARGIN + x)}" y="${round(y + height * 0.8)}" font-size="${round(fontSize)}" text-anchor="${anchor}"${weight} textLength="${round(Math.min(block.text.length * charWidth * block.size, width))}" lengthAdjust="spacingAndGlyphs">${escapeXml(block.text)}</text>`,
        );
        y += height;
        break;
      }
      case 'qr': {
        if (leftOut.includes('qrCode')) {
          const box = 20 * QR_MODULE_DOTS[layout.paperWidth];
          const left = round(MARGIN + (width - box) / 2);
          const top = round(y + 8);
          parts.push(
            `<g data-left-out="qrCode" stroke="#999" stroke-width="2" fill="none" stroke-dasharray="6 6"><rect x="${left}" y="${top}" width="${box}" height="${box}"/><path d="M${left} ${top}l${box} ${box}M${left + box} ${top}l-${box} ${box}"/></g>`,
          );
          y += box + 16;
          break;
        }
        const modules = QRCode.create(block.data, { errorCorrectionLevel: 'M' }).modules;
        const dot = QR_MODULE_DOTS[layout.paperWidth];
        const size = modules.size * dot;
        const left = MARGIN + (width - size) / 2;
        const path: string[] = [];
        for (let row = 0; row < modules.size; row += 1) {
          for (let col = 0; col < modules.size; col += 1) {
            if (modules.get(row, col)) path.push(`M${round(left + col * dot)} ${round(y + 8 + row * dot)}h${dot}v${dot}h-${dot}z`);
          }
        }
        parts.push(`<path d="${path.join('')}" fill="#000"/>`);
        y += size + 16;
        break;
      }
      case 'rule':
        parts.push(`<line x1="${MARGIN}" y1="${round(y + LINE_DOTS / 2)}" x2="${MARGIN + width}" y2="${round(y + LINE_DOTS / 2)}" stroke="#000" stroke-width="2" stroke-dasharray="8 6"/>`);
        y += LINE_DOTS;
        break;
      case 'feed':
        y += LINE_DOTS * block.lines;
        break;
    }
  }
  const height = Math.ceil(y + MARGIN * 2);
  const total = width + MARGIN * 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${height}" width="${total}" height="${height}" role="img" font-family="'DejaVu Sans Mono','Courier New',monospace">`,
    `<rect width="${total}" height="${height}" fill="#fff"/>`,
    ...parts,
    `<line x1="0" y1="${height - 1}" x2="${total}" y2="${height - 1}" stroke="#999" stroke-dasharray="4 4"/>`,
    '</svg>',
  ].join('');
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
