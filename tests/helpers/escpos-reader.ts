/**
 * A small ESC/POS reader for the commands the desk emits: it turns printer bytes back
 * into lines of text (decoded with the code page selected by `ESC t`), with their
 * style, the QR codes (`GS ( k`) and the cuts, so tests read tickets like a person would.
 * An unknown command fails the read: the desk must never emit what this cannot explain.
 */
export interface ReadLine {
  text: string;
  bold: boolean;
  /** `GS !` magnification (1 = normal, 2 = double width and height). */
  size: number;
  align: 'left' | 'center' | 'right';
}

export interface ReadTicket {
  lines: ReadLine[];
  qrCodes: string[];
  /** `ESC t` values selected, in order. */
  codePages: number[];
  cuts: number;
}

/** CP858 (CP850 with € at 0xD5), upper half. */
const CP858_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';
/** CP437 upper half (what `ESC t 0` selects; the desk must not rely on it). */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

/** `ESC t n` values of the Epson table the desk uses. */
export const ESC_T = { cp437: 0, cp858: 19, windows1252: 16 } as const;

export type CodePageName = keyof typeof ESC_T;

export interface ReadOptions {
  /**
   * The code page every `ESC t` of these bytes selects, for models whose numbers are not
   * Epson's (CP858 is `ESC t 2` on a Citizen, 6 on an HP A779). Default: Epson's numbers.
   */
  codePage?: CodePageName;
}

function decoder(codePage: number): (byte: number) => string {
  if (codePage === ESC_T.windows1252) {
    const text = new TextDecoder('windows-1252');
    return (byte) => text.decode(Uint8Array.of(byte));
  }
  const high = codePage === ESC_T.cp858 ? CP858_HIGH : codePage === ESC_T.cp437 ? CP437_HIGH : null;
  if (!high) throw new Error(`escpos-reader: code page ${codePage} not supported`);
  return (byte) => (byte < 0x80 ? String.fromCharCode(byte) : high[byte - 0x80]!);
}

export function readEscPos(input: Uint8Array, options: ReadOptions = {}): ReadTicket {
  const bytes = Uint8Array.from(input);
  const ticket: ReadTicket = { lines: [], qrCodes: [], codePages: [], cuts: 0 };
  let decode = decoder(ESC_T.cp437);
  let bold = false;
  let size = 1;
  let align: ReadLine['align'] = 'left';
  let current: ReadLine | null = null;
  let qrData = '';
  const flush = () => {
    ticket.lines.push(current ?? { text: '', bold, size, align });
    current = null;
  };
  let i = 0;
  const need = (count: number) => {
    if (i + count > bytes.length) throw new Error(`escpos-reader: truncated command at ${i}`);
  };
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte === 0x1b) {
      need(2);
      const command = bytes[i + 1]!;
      if (command === 0x40) {
        bold = false;
        size = 1;
        align = 'left';
        i += 2;
        continue;
      }
      need(3);
      const n = bytes[i + 2]!;
      if (command === 0x45) bold = n === 1;
      else if (command === 0x74) {
        ticket.codePages.push(n);
        decode = decoder(options.codePage ? ESC_T[options.codePage] : n);
      } else if (command === 0x61) align = n === 1 ? 'center' : n === 2 ? 'right' : 'left';
      else if (command === 0x4d || command === 0x21 || command === 0x64 || command === 0x33 || command === 0x2d) {
        // font, print mode, feed n lines, line spacing, underline: no effect on the text read
      } else throw new Error(`escpos-reader: unknown ESC 0x${command.toString(16)} at ${i}`);
      i += 3;
      continue;
    }
    if (byte === 0x1c) {
      need(2);
      // FS . (cancel Kanji mode)
      if (bytes[i + 1] !== 0x2e) throw new Error(`escpos-reader: unknown FS command at ${i}`);
      i += 2;
      continue;
    }
    if (byte === 0x1d) {
      need(2);
      const command = bytes[i + 1]!;
      if (command === 0x21) {
        need(3);
        const n = bytes[i + 2]!;
        size = (n & 0x0f) + 1;
        i += 3;
      } else if (command === 0x56) {
        need(3);
        const m = bytes[i + 2]!;
        ticket.cuts += 1;
        i += m >= 65 ? 4 : 3;
      } else if (command === 0x28 && bytes[i + 2] === 0x6b) {
        need(5);
        const length = bytes[i + 3]! + bytes[i + 4]! * 256;
        need(5 + length);
        const body = bytes.subarray(i + 5, i + 5 + length);
        // cn=49 (QR): fn=80 stores the data, fn=81 prints it.
        if (body[0] === 49 && body[1] === 80) qrData = Buffer.from(body.subarray(3)).toString('utf8');
        if (body[0] === 49 && body[1] === 81) ticket.qrCodes.push(qrData);
        i += 5 + length;
      } else throw new Error(`escpos-reader: unknown GS 0x${command.toString(16)} at ${i}`);
      continue;
    }
    if (byte === 0x10 && bytes[i + 1] === 0x04) {
      // DLE EOT n: a status question, nothing printed
      i += 3;
      continue;
    }
    if (byte === 0x0a) {
      flush();
      i += 1;
      continue;
    }
    if (byte === 0x0d) {
      i += 1;
      continue;
    }
    if (byte < 0x20) throw new Error(`escpos-reader: unknown control byte 0x${byte.toString(16)} at ${i}`);
    current ??= { text: '', bold, size, align };
    current.text += decode(byte);
    // A line's style is the style of its text (the encoder resets styles before the newline).
    if (bold) current.bold = true;
    if (size > current.size) current.size = size;
    i += 1;
  }
  if (current) flush();
  return ticket;
}

/** The ticket's visible text: non-empty lines, outer spaces trimmed. */
export function visibleText(ticket: ReadTicket): string[] {
  return ticket.lines.map((line) => line.text.trim()).filter(Boolean);
}
