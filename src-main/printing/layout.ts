import type {
  PaperWidth,
  TicketBlock,
  TicketFacts,
  TicketLanguage,
  TicketLayout,
  TicketLayoutSettings,
} from '../../src-shared/printing/layout';

const WORDS: Record<TicketLanguage, { yourNumber: string; practitioner: string; room: string; at: string; duplicate: string }> = {
  fr: { yourNumber: 'Votre numéro', practitioner: 'Praticien', room: 'Salle', at: 'à', duplicate: 'DUPLICATA' },
  en: { yourNumber: 'Your number', practitioner: 'Practitioner', room: 'Room', at: 'at', duplicate: 'DUPLICATE' },
};

/** The footer may wrap, but a ticket stays short: at most this many footer lines. */
const FOOTER_LINES = 3;

export interface LayoutInput {
  facts: TicketFacts;
  settings: TicketLayoutSettings;
  paperWidth: PaperWidth;
  columns: number;
  /** A reprint says so on the paper, so two tickets of one number are told apart. */
  reprint: boolean;
  /** Time zone of the printed date (tests pin it); default: the desk's. */
  timeZone?: string;
}

/**
 * The ticket as blocks, every text already fitted to its line: the encoder and the
 * SVG preview only draw what is here, so they cannot disagree on a truncation.
 */
export function buildTicketLayout(input: LayoutInput): TicketLayout {
  const { facts, settings, columns } = input;
  const words = WORDS[settings.language];
  const line = (text: string, options: Partial<Omit<Extract<TicketBlock, { kind: 'text' }>, 'kind' | 'text'>> = {}): TicketBlock => {
    const size = options.size ?? 1;
    return { kind: 'text', text: fitText(text, Math.floor(columns / size)), align: options.align ?? 'center', bold: options.bold ?? false, size };
  };
  const blocks: TicketBlock[] = [line(settings.establishmentName, { bold: true }), { kind: 'rule' }, line(words.yourNumber)];
  blocks.push(line(facts.formattedNumber, { bold: true, size: 2 }), { kind: 'feed', lines: 1 });
  if (facts.examLabel) blocks.push(line(facts.examLabel, { bold: true }));
  if (facts.practitionerLabel) blocks.push(line(`${words.practitioner} : ${facts.practitionerLabel}`));
  if (facts.roomLabel) blocks.push(line(`${words.room} : ${facts.roomLabel}`));
  blocks.push(line(formatDateTime(facts.printedAt, settings.language, input.timeZone)));
  const qr = qrPayload(facts, settings);
  if (qr) blocks.push({ kind: 'qr', data: qr });
  if (input.reprint) blocks.push(line(words.duplicate, { bold: true }));
  const footer = wrapText(settings.footer, columns, FOOTER_LINES);
  if (footer.length > 0) blocks.push({ kind: 'rule' }, ...footer.map((text) => line(text)));
  return { paperWidth: input.paperWidth, columns, language: settings.language, blocks };
}

/**
 * What a patient app needs to find the appointment by ticket (contract, "Resolve an
 * appointment by ticket"): the number and the office place's visible id, plus the day
 * because numbers are recycled daily. The birth date is never printed: the patient types it.
 */
export function qrPayload(facts: TicketFacts, settings: TicketLayoutSettings): string | null {
  if (!settings.showQr || !settings.officePlaceVisibleId) return null;
  return JSON.stringify({ v: 1, ticket: facts.formattedNumber, office: settings.officePlaceVisibleId, day: facts.day });
}

/** Typographic characters a receipt code page lacks, replaced by their plain forms. */
const PLAIN: Record<string, string> = { '\u2019': "'", '\u2018': "'", '\u201c': '"', '\u201d': '"', '\u2013': '-', '\u2014': '-', '\u2026': '...', '\u00a0': ' ' };

/** One line's worth of text: plain characters, single spaces, cut at a word when it is too long. */
export function fitText(text: string, width: number): string {
  const plain = normalise(text);
  if (plain.length <= width) return plain;
  const room = width - 3;
  let cut = plain.slice(0, room);
  const space = cut.lastIndexOf(' ');
  // Cut at a word boundary unless that would throw away more than a third of the line.
  if (space >= Math.ceil(room * 0.66)) cut = cut.slice(0, space);
  return `${cut.trimEnd()}...`;
}

/** Word-wrapped lines (at most `maxLines`, the last one fitted with an ellipsis when more text remains). */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const words = normalise(text).split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(fitText(current, width));
    current = word;
    if (lines.length === maxLines - 1) {
      lines.push(fitText(words.slice(index).join(' '), width));
      return lines;
    }
  }
  if (current) lines.push(fitText(current, width));
  return lines;
}

function normalise(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u00a0]/g, (char) => PLAIN[char] ?? char)
    // Control characters would be read by the printer as commands.
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Formatters by time zone: building one costs more than laying out a whole ticket. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatDateTime(iso: string, language: TicketLanguage, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(key, format);
  }
  const parts = format.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${WORDS[language].at} ${part('hour')}:${part('minute')}`;
}
