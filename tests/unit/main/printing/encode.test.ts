import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PaperWidth, TicketFacts, TicketLayoutSettings } from '../../../../src-shared/printing/layout';
import { encodeTicket, encodeWithLibrary } from '../../../../src-main/printing/encode';
import { buildTicketLayout, fitText } from '../../../../src-main/printing/layout';
import { columnsFor, PRINTER_MODELS } from '../../../../src-main/printing/models';
import { renderTicketSvg } from '../../../../src-main/printing/svg';
import { ESC_T, readEscPos, visibleText } from '../../../helpers/escpos-reader';

const GOLDEN = path.join(path.dirname(new URL(import.meta.url).pathname), 'golden');

const facts: TicketFacts = {
  formattedNumber: 'E012',
  examLabel: 'Échographie abdominale et pelvienne complète avec Doppler des vaisseaux',
  practitionerLabel: 'Dr Hélène Français-Lefèvre',
  roomLabel: 'Salle 3 — échographie',
  printedAt: '2026-11-23T13:05:00Z',
  day: '2026-11-23',
};
const settings: TicketLayoutSettings = {
  establishmentName: 'Centre d’imagerie médicale de Lyon Bellecour',
  officePlaceVisibleId: 'LYON-BELLECOUR',
  showQr: true,
  footer: 'Merci de patienter : votre numéro sera appelé à l’écran. Parking 2 € la première heure.',
  language: 'fr',
};

function ticket(paperWidth: PaperWidth, overrides: Partial<TicketLayoutSettings> = {}, reprint = false, model = 'generic') {
  const layout = buildTicketLayout({ facts, settings: { ...settings, ...overrides }, paperWidth, columns: columnsFor(model, paperWidth), reprint, timeZone: 'Europe/Paris' });
  return { layout, bytes: encodeTicket(layout, { model, codePage: 'cp858' }) };
}

/** Compares with the committed golden bytes (`UPDATE_GOLDEN=1` rewrites them after a deliberate change). */
function expectGolden(name: string, bytes: Uint8Array): void {
  const file = path.join(GOLDEN, `${name}.hex`);
  const hex = Buffer.from(bytes).toString('hex').replace(/(.{64})/g, '$1\n');
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, `${hex}\n`);
  expect(hex).toBe(readFileSync(file, 'utf8').trimEnd());
}

describe('ticket bytes', () => {
  it('prints French accents and € through one fixed code page (CP858), never switching', () => {
    const { bytes } = ticket(80, {}, false, 'epson-tm-t20iii');
    expectGolden('ticket-80mm-fr', bytes);
    const read = readEscPos(bytes);
    expect(read.codePages).toEqual([ESC_T.cp858]);
    const text = visibleText(read);
    expect(text).toContain('Votre numéro');
    expect(text).toContain('Praticien : Dr Hélène Français-Lefèvre');
    expect(text).toContain('23/11/2026 à 14:05');
    expect(text.join('\n')).toContain('Parking 2 € la première heure.');
    // Typographic apostrophe and dash become plain characters the code page has.
    expect(text).toContain("Centre d'imagerie médicale de Lyon Bellecour");
    expect(text).toContain('Salle : Salle 3 - échographie');
    expect(text.join('')).not.toContain('?');
  });

  it('prints the number double size and bold, then a QR code and a cut', () => {
    const read = readEscPos(ticket(80).bytes);
    const number = read.lines.find((line) => line.size === 2);
    expect(number).toMatchObject({ text: expect.stringContaining('E012'), bold: true });
    expect(read.qrCodes).toEqual([JSON.stringify({ v: 1, ticket: 'E012', office: 'LYON-BELLECOUR', day: '2026-11-23' })]);
    expect(read.cuts).toBe(1);
  });

  it('uses the standard GS ( k QR commands (model 2, module size, error level M, store, print)', () => {
    const hex = Buffer.from(ticket(58).bytes).toString('hex');
    expect(hex).toContain('1d286b0400314132'); // model 2
    expect(hex).toContain('1d286b0300314305'); // module size 5 dots on 58 mm
    expect(hex).toContain('1d286b0300314531'); // error correction M
    expect(hex).toContain('1d286b03003151'); // print
  });

  it('fits 58 mm paper: 32 columns, long names cut cleanly at a word with an ellipsis', () => {
    const { bytes, layout } = ticket(58);
    expectGolden('ticket-58mm-fr', bytes);
    const lines = readEscPos(bytes).lines;
    for (const line of lines) expect(line.text.trimEnd().length).toBeLessThanOrEqual(32 / line.size);
    const text = visibleText(readEscPos(bytes));
    expect(text).toContain('Centre d\'imagerie médicale...');
    expect(text).toContain('Échographie abdominale et...');
    expect(layout.columns).toBe(32);
  });

  it('80 mm has 48 columns on a 576-dot head (42 on a TM-T88 head and on the generic model) and keeps more of a long name', () => {
    expect(columnsFor('epson-tm-t20iii', 80)).toBe(48);
    expect(columnsFor('epson-tm-t88vi', 80)).toBe(42);
    expect(columnsFor('generic', 80)).toBe(42);
    const text = visibleText(readEscPos(ticket(80, {}, false, 'epson-tm-t20iii').bytes));
    expect(text).toContain('Échographie abdominale et pelvienne complète...');
    const t88 = readEscPos(ticket(80, {}, false, 'epson-tm-t88vi').bytes);
    expect(t88.codePages).toEqual([ESC_T.cp858]);
    for (const line of t88.lines) expect(line.text.trimEnd().length).toBeLessThanOrEqual(42 / line.size);
  });

  it('prints in English with a DUPLICATE mark on reprints, and without QR when no visible id is set', () => {
    const { bytes } = ticket(80, { language: 'en', officePlaceVisibleId: '', footer: '' }, true);
    // The generic model: 42 columns, which every 80 mm head prints without wrapping.
    expectGolden('ticket-80mm-en-reprint', bytes);
    const read = readEscPos(bytes);
    expect(visibleText(read)).toEqual(
      expect.arrayContaining(['Your number', 'DUPLICATE', '23/11/2026 at 14:05', 'Room : Salle 3 - échographie']),
    );
    expect(read.qrCodes).toEqual([]);
  });

  it('writes exactly the bytes the encoder library writes, ticket after ticket of every shape', () => {
    const variants: [PaperWidth, Partial<TicketLayoutSettings>, boolean, string, string][] = [
      [80, {}, false, 'generic', 'E012'],
      [80, {}, true, 'generic', 'E013'],
      [58, {}, false, 'generic', 'R7'],
      [80, { language: 'en', footer: '' }, true, 'epson-tm-t88vi', 'X100'],
      [58, { officePlaceVisibleId: 'LYON-ÉTÉ' }, false, 'pos-5890', 'A001'],
      [80, { establishmentName: 'Clinique « Côte d’Azur » – 5 € ½ ©' }, false, 'xprinter-xp-t80q', 'B2'],
      // A model without QR commands, and a QR payload that is not ASCII.
      [80, { officePlaceVisibleId: 'ŁÓDŹ-ŒIL', establishmentName: 'Œuvre Lœuillet' }, false, 'epson-tm-t88iii', 'C3'],
    ];
    for (const codePage of ['cp858', 'windows1252'] as const) {
      for (const [paperWidth, overrides, reprint, model, number] of variants) {
        const layout = buildTicketLayout({
          facts: { ...facts, formattedNumber: number },
          settings: { ...settings, ...overrides },
          paperWidth,
          columns: columnsFor(model, paperWidth),
          codePage,
          reprint,
          timeZone: 'Europe/Paris',
        });
        // Twice: the second one is written into the shape the first one taught.
        for (let round = 0; round < 2; round += 1) {
          expect(Buffer.from(encodeTicket(layout, { model, codePage })).toString('hex')).toBe(
            Buffer.from(encodeWithLibrary(layout, { model, codePage })).toString('hex'),
          );
        }
      }
    }
  });

  it('offers only ESC/POS models with a code page that has € (CP858 first)', () => {
    expect(PRINTER_MODELS[0]).toMatchObject({ id: 'generic', codePages: ['cp858', 'windows1252'] });
    expect(PRINTER_MODELS.some((model) => model.id.startsWith('star-'))).toBe(false);
    expect(PRINTER_MODELS.every((model) => model.codePages.length > 0)).toBe(true);
  });

  it('never lets a control character through as a printer command', () => {
    expect(fitText('A\u001b@B\u001dV', 32)).toBe('A @B V');
  });

  it('draws the preview from the same layout: same lines, same truncation, a QR symbol', () => {
    const { layout } = ticket(58);
    const svg = renderTicketSvg(layout);
    for (const block of layout.blocks) {
      if (block.kind === 'text') expect(svg).toContain(block.text.replace(/'/g, '&#39;'));
    }
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 416 /);
    expect(svg).toContain('<path d="M');
  });
});
