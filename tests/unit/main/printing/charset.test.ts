import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CodePage } from '../../../../src-shared/ipc/features/printing.contract';
import type { PaperWidth, TicketFacts, TicketLayoutSettings } from '../../../../src-shared/printing/layout';
import { holds, printableText, TRANSLITERATIONS, UNPRINTABLE, unprintableChars } from '../../../../src-main/printing/charset';
import { encodeForPrinter, encodeTicket, encodeWithLibrary } from '../../../../src-main/printing/encode';
import { buildTicketLayout, withTestLines } from '../../../../src-main/printing/layout';
import { columnsFor, PRINTER_MODELS, printsQrCode } from '../../../../src-main/printing/models';
import { renderTicketSvg } from '../../../../src-main/printing/svg';
import { readEscPos, visibleText } from '../../../helpers/escpos-reader';

/** Every letter of French, both cases, and the typography French labels are typed with. */
const FRENCH_LETTERS = 'àâäçéèêëîïôöùûüÿœæÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆ';
const FRENCH_TYPOGRAPHY = '« » ’ ‘ “ ” – — … \u00a0 \u202f \u2009';

const facts: TicketFacts = {
  formattedNumber: 'F001',
  examLabel: 'Fibroscopie œso-gastro-duodénale',
  practitionerLabel: 'Dr Lætitia Lœuillet-Ÿvon',
  roomLabel: `${FRENCH_LETTERS}`,
  printedAt: '2026-11-23T13:05:00Z',
  day: '2026-11-23',
};
const settings: TicketLayoutSettings = {
  establishmentName: 'Cœur de ville – « Santé »',
  officePlaceVisibleId: 'CŒUR-ÉTÉ',
  showQr: true,
  footer: `Attendez l’appel… ${FRENCH_TYPOGRAPHY} ${FRENCH_LETTERS.slice(0, 20)}`,
  language: 'fr',
};

function encode(model: string, codePage: CodePage, paperWidth: PaperWidth, overrides: Partial<TicketFacts> = {}, layoutSettings = settings) {
  const layout = buildTicketLayout({ facts: { ...facts, ...overrides }, settings: layoutSettings, paperWidth, columns: columnsFor(model, paperWidth), codePage, reprint: false, timeZone: 'Europe/Paris' });
  const encoded = encodeForPrinter(layout, { model, codePage });
  return { layout, ...encoded, read: readEscPos(encoded.bytes, { codePage }) };
}

/** The letters as a person reads them on paper: CP858 has no œ, Œ or Ÿ; Windows-1252 has them all. */
const PRINTED_LETTERS: Record<CodePage, string> = {
  cp858: 'àâäçéèêëîïôöùûüÿoeæÀÂÄÇÉÈÊËÎÏÔÖÙÛÜYOEÆ',
  windows1252: FRENCH_LETTERS,
};

describe('text the code page cannot hold', () => {
  it('has a plain ASCII form for every character of the table', () => {
    for (const [char, form] of Object.entries(TRANSLITERATIONS)) {
      expect([...char], char).toHaveLength(1);
      expect(form, char).toMatch(/^[\x20-\x7e]*$/);
    }
    expect(printableText('Fibroscopie œso-gastro-duodénale', 'cp858')).toBe('Fibroscopie oeso-gastro-duodénale');
    expect(printableText('ŒUVRE « l’été » – 1ᵉʳ étage…', 'cp858')).toBe("OEUVRE « l'été » - 1er étage...");
    expect(printableText('Ÿ ﬁ ŝ Łódź ½', 'cp858')).toBe('Y fi s Lódz ½');
  });

  it('keeps what the code page has: Windows-1252 prints œ, Œ, Ÿ and typographic quotes as they are', () => {
    expect(printableText('Cœur ŒIL Ÿ ’ “ ” – — …', 'windows1252')).toBe('Cœur ŒIL Ÿ ’ “ ” – — …');
    expect(holds('cp858', 'œ')).toBe(false);
    expect(holds('windows1252', 'œ')).toBe(true);
    expect(holds('cp858', '€')).toBe(true);
  });

  it('joins decomposed accents (as macOS types them) before looking them up', () => {
    expect(printableText('Ope\u0301ration', 'cp858')).toBe('Opération');
  });

  it('prints a visible placeholder, never ?, for a character with no form, and names it', () => {
    expect(printableText('Dr 王 ✚', 'cp858')).toBe(`Dr ${UNPRINTABLE} ${UNPRINTABLE}`);
    expect(unprintableChars(['Centre ✚ Œ', 'Accueil 王 ✚'], 'cp858')).toEqual(['✚', '王']);
    expect(unprintableChars([FRENCH_LETTERS, FRENCH_TYPOGRAPHY], 'cp858')).toEqual([]);
  });

  it('turns any text whatever (any script, emoji, lone surrogates) into characters the code page holds, adding no ? the text did not have', () => {
    // A question mark in another form (fullwidth ？, small ﹖, ⁈) is one: it prints as ?; nothing else may.
    const questionMarks = (text: string) => [...text.normalize('NFC')].reduce((count, char) => count + char.normalize('NFKD').split('?').length - 1, 0);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom<CodePage>('cp858', 'windows1252'), (text, codePage) => {
        const printed = printableText(text, codePage);
        for (const char of printed) expect(holds(codePage, char) || /\p{Cc}/u.test(char), `${codePage} U+${char.codePointAt(0)!.toString(16)}`).toBe(true);
        expect(printed.split('?').length - 1).toBeLessThanOrEqual(questionMarks(text));
      }),
      { numRuns: 300 },
    );
  });

  it('prints a question mark of another form as ?, and a character with no form as _, never as ?', () => {
    expect(printableText('Salle ？ ⁈ 王', 'cp858')).toBe('Salle ? ?! _');
  });

  it('encodes every French letter and mark with no ? on each model and code page offered, at both widths', () => {
    let tickets = 0;
    for (const model of PRINTER_MODELS) {
      for (const codePage of model.codePages) {
        for (const paperWidth of [58, 80] as const) {
          const { read } = encode(model.id, codePage, paperWidth, { formattedNumber: 'F1', roomLabel: null, examLabel: FRENCH_LETTERS.slice(0, 18), practitionerLabel: null });
          const text = visibleText(read);
          expect(text.join('\n'), `${model.id} ${codePage}`).not.toContain('?');
          const [lower, upper] = codePage === 'cp858' ? [PRINTED_LETTERS.cp858.slice(0, 19), PRINTED_LETTERS.cp858.slice(19)] : [FRENCH_LETTERS.slice(0, 18), FRENCH_LETTERS.slice(18)];
          expect(text, `${model.id} ${codePage} ${paperWidth}`).toContain(lower);
          expect(text).toContain(codePage === 'cp858' ? 'Coeur de ville - « Santé »' : 'Cœur de ville – « Santé »');
          expect(encode(model.id, codePage, paperWidth, { examLabel: FRENCH_LETTERS.slice(18) }).read.lines.map((line) => line.text.trim())).toContain(upper);
          tickets += 1;
        }
      }
    }
    expect(tickets).toBeGreaterThan(50);
  });

  it('never prints ? for arbitrary French text (labels, names, footers) on any model and code page', () => {
    const french = fc.string({ unit: fc.constantFrom(...`${FRENCH_LETTERS}${FRENCH_TYPOGRAPHY}abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 '-:,.()/€°²½`), maxLength: 120 });
    const choice = fc.constantFrom(...PRINTER_MODELS.flatMap((model) => model.codePages.map((codePage) => [model.id, codePage] as const)));
    fc.assert(
      fc.property(french, french, french, choice, fc.constantFrom(58 as const, 80 as const), (exam, name, footer, [model, codePage], paperWidth) => {
        const { read, layout } = encode(model, codePage, paperWidth, { examLabel: exam, practitionerLabel: null, roomLabel: null }, { ...settings, establishmentName: name.trim() || 'Centre', footer });
        const text = visibleText(read).join('\n');
        expect(text).not.toContain('?');
        expect(text).not.toContain(UNPRINTABLE);
        // What is printed is what the layout (and so the preview) says, line for line.
        for (const block of layout.blocks) if (block.kind === 'text' && block.text.trim()) expect(text).toContain(block.text.trim());
      }),
      { numRuns: 150 },
    );
  });
});

describe('QR codes', () => {
  it('writes a non-ASCII office id into the QR code as UTF-8 bytes', () => {
    const { read, bytes } = encode('epson-tm-t88vi', 'cp858', 80);
    const payload = JSON.stringify({ v: 1, ticket: 'F001', office: 'CŒUR-ÉTÉ', day: '2026-11-23' });
    expect(read.qrCodes).toEqual([payload]);
    const hex = Buffer.from(bytes).toString('hex');
    const data = Buffer.from(payload, 'utf8');
    // GS ( k pL pH 49 80 48 d1…dk: the length counts UTF-8 bytes (Œ and É are two each).
    expect(hex).toContain(Buffer.concat([Buffer.from([0x1d, 0x28, 0x6b, (data.length + 3) & 0xff, (data.length + 3) >> 8, 0x31, 0x50, 0x30]), data]).toString('hex'));
  });

  it('writes the same UTF-8 bytes through the fast path as the library does, ticket after ticket', () => {
    for (const office of ['CŒUR-ÉTÉ', 'ŁÓDŹ-ŒIL', 'LYON']) {
      const layout = buildTicketLayout({ facts, settings: { ...settings, officePlaceVisibleId: office }, paperWidth: 80, columns: 42, codePage: 'cp858', reprint: false });
      for (let round = 0; round < 2; round += 1) {
        expect(Buffer.from(encodeTicket(layout, { model: 'generic', codePage: 'cp858' })).toString('hex')).toBe(
          Buffer.from(encodeWithLibrary(layout, { model: 'generic', codePage: 'cp858' })).toString('hex'),
        );
      }
    }
  });

  it('prints the ticket without its QR code on a model that has no QR commands, and says so', () => {
    expect(PRINTER_MODELS.filter((model) => !model.qrCode).map((model) => model.id)).toEqual(
      expect.arrayContaining(['epson-tm-t88ii', 'epson-tm-t88iii', 'metapace-t1']),
    );
    for (const model of ['epson-tm-t88ii', 'epson-tm-t88iii', 'metapace-t1']) {
      expect(printsQrCode(model)).toBe(false);
      const { read, leftOut, layout } = encode(model, 'cp858', 80);
      expect(leftOut, model).toEqual(['qrCode']);
      expect(read.qrCodes).toEqual([]);
      expect(visibleText(read)).toContain('Votre numéro');
      expect(read.cuts).toBe(1);
      // The preview draws an empty crossed frame, not a QR symbol the printer will not print.
      const svg = renderTicketSvg(layout, leftOut);
      expect(svg).toContain('data-left-out="qrCode"');
      expect(svg).not.toContain('fill="#000"');
      // The test ticket says it on paper too.
      const test = readEscPos(encodeForPrinter(withTestLines(layout, leftOut), { model, codePage: 'cp858' }).bytes);
      expect(visibleText(test)).toContain('Pas de QR code : modèle sans QR');
    }
    const { read, leftOut } = encode('epson-tm-t88iv', 'cp858', 80);
    expect(leftOut).toEqual([]);
    expect(read.qrCodes).toHaveLength(1);
    expect(encode('generic', 'cp858', 80).leftOut).toEqual([]);
    // No QR asked for, nothing left out.
    expect(encode('epson-tm-t88iii', 'cp858', 80, {}, { ...settings, showQr: false }).leftOut).toEqual([]);
  });
});

describe('columns', () => {
  it('lays out 42 columns on the generic model, which fits the 512-dot TM-T88 heads and the 576-dot ones', () => {
    expect(columnsFor('generic', 80)).toBe(42);
    expect(columnsFor('generic', 58)).toBe(32);
    expect(columnsFor('epson-tm-t20iii', 80)).toBe(48);
    // A 58 mm model on 80 mm paper: its head is unknown, so the narrow count.
    expect(columnsFor('pos-5890', 80)).toBe(42);
    const { read } = encode('generic', 'cp858', 80);
    for (const line of read.lines) expect(line.text.trimEnd().length).toBeLessThanOrEqual(42 / line.size);
  });

  it('ends the test ticket with the column count and a ruler exactly that wide', () => {
    for (const [model, paperWidth, columns] of [['generic', 80, 42], ['epson-tm-t20iii', 80, 48], ['generic', 58, 32]] as const) {
      const { layout } = encode(model, 'cp858', paperWidth);
      const read = readEscPos(encodeForPrinter(withTestLines(layout, []), { model, codePage: 'cp858' }).bytes);
      const text = visibleText(read);
      expect(text).toContain(`${columns} colonnes`);
      expect(text).toContain('1234567890'.repeat(5).slice(0, columns));
      expect(text).not.toContain('Pas de QR code : modèle sans QR');
    }
  });
});
