import type { CodePage, LeftOut } from '../../src-shared/ipc/features/printing.contract';
import type {
  PaperWidth,
  TicketBlock,
  TicketFacts,
  TicketLanguage,
  TicketLayout,
  TicketLayoutSettings,
} from '../../src-shared/printing/layout';
import { printableText } from './charset';

const WORDS: Record<TicketLanguage, { yourNumber: string; practitioner: string; room: string; at: string; duplicate: string; columns: string; noQr: string; exams: (count: number) => string }> = {
  fr: { yourNumber: 'Votre numéro', practitioner: 'Praticien', room: 'Salle', at: 'à', duplicate: 'DUPLICATA', columns: 'colonnes', noQr: 'Pas de QR code : modèle sans QR', exams: (count) => `Vos ${count} examens` },
  en: { yourNumber: 'Your number', practitioner: 'Practitioner', room: 'Room', at: 'at', duplicate: 'DUPLICATE', columns: 'columns', noQr: 'No QR code: model has none', exams: (count) => `Your ${count} exams` },
};

/** The appointment's time under the print time: the patient reads when they are expected, not only when they came. */
const APPOINTMENT_AT: Record<TicketLanguage, string> = { fr: 'Rendez-vous :', en: 'Appointment:' };

/** The estimated wait as the board header and the display word it, so the patient reads one figure everywhere. */
const ESTIMATED_WAIT: Record<TicketLanguage, (minutes: number) => string> = {
  fr: (minutes) => `Attente estimée : ~${minutes} min`,
  en: (minutes) => `Estimated wait: ~${minutes} min`,
};

/** The footer may wrap, but a ticket stays short: at most this many footer lines. */
const FOOTER_LINES = 3;

export interface LayoutInput {
  facts: TicketFacts;
  settings: TicketLayoutSettings;
  paperWidth: PaperWidth;
  columns: number;
  /** The printer's code page: text it cannot hold is written in plain characters it has (default CP858, the narrowest). */
  codePage?: CodePage;
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
  const codePage = input.codePage ?? DEFAULT_CODE_PAGE;
  const words = WORDS[settings.language];
  const line = (text: string, options: Partial<Omit<Extract<TicketBlock, { kind: 'text' }>, 'kind' | 'text'>> = {}): TicketBlock => {
    const size = options.size ?? 1;
    return { kind: 'text', text: fitText(text, Math.floor(columns / size), codePage), align: options.align ?? 'center', bold: options.bold ?? false, size };
  };
  const blocks: TicketBlock[] = [line(settings.establishmentName, { bold: true }), { kind: 'rule' }, line(words.yourNumber)];
  blocks.push(line(facts.formattedNumber, { bold: true, size: 2 }), { kind: 'feed', lines: 1 });
  const journey = facts.journey && facts.journey.length > 1 ? facts.journey : null;
  if (journey) {
    // Each exam of the visit with its time and room: the patient goes to each, and each team calls this one number.
    blocks.push(line(words.exams(journey.length)));
    for (const exam of journey) {
      blocks.push(line(`${formatTime(exam.startDate, input.timeZone)} ${exam.examLabel ?? ''}`, { bold: true }));
      if (exam.roomLabel) blocks.push(line(`${words.room} : ${exam.roomLabel}`));
    }
  }
  if (!journey && facts.examLabel) blocks.push(line(facts.examLabel, { bold: true }));
  if (!journey && facts.practitionerLabel) blocks.push(line(`${words.practitioner} : ${facts.practitionerLabel}`));
  if (!journey && facts.roomLabel) blocks.push(line(`${words.room} : ${facts.roomLabel}`));
  blocks.push(line(formatDateTime(facts.printedAt, settings.language, input.timeZone)));
  // A journey already gives each exam's time above: one more line would repeat the first one's.
  if (!journey && facts.appointmentAt) blocks.push(line(`${APPOINTMENT_AT[settings.language]} ${formatDateTime(facts.appointmentAt, settings.language, input.timeZone)}`, { bold: true }));
  // The option alone prints nothing: without enough recent calls there is no figure, and no line rather than « ~? min ».
  if (settings.showWaitEstimate && typeof facts.waitMinutes === 'number') blocks.push(line(ESTIMATED_WAIT[settings.language](facts.waitMinutes)));
  const qr = qrPayload(facts, settings);
  if (qr) blocks.push({ kind: 'qr', data: qr });
  if (input.reprint) blocks.push(line(words.duplicate, { bold: true }));
  const footer = wrapText(settings.footer, columns, FOOTER_LINES, codePage);
  if (footer.length > 0) blocks.push({ kind: 'rule' }, ...footer.map((text) => line(text)));
  return { paperWidth: input.paperWidth, columns, language: settings.language, blocks };
}

/**
 * The test ticket's check lines, at its end: the column count and a ruler of that many
 * digits (a ruler that wraps on paper means the wrong model is chosen), and a line for
 * each part of the ticket the model leaves out.
 */
export function withTestLines(layout: TicketLayout, leftOut: readonly LeftOut[]): TicketLayout {
  const words = WORDS[layout.language];
  const ruler = '1234567890'.repeat(Math.ceil(layout.columns / 10)).slice(0, layout.columns);
  const text = (value: string, align: 'left' | 'center'): TicketBlock => ({ kind: 'text', text: fitText(value, layout.columns), align, bold: false, size: 1 });
  const lines = [{ kind: 'rule' } as const, text(`${layout.columns} ${words.columns}`, 'center'), text(ruler, 'left')];
  if (leftOut.includes('qrCode')) lines.push(text(words.noQr, 'center'));
  return { ...layout, blocks: [...layout.blocks, ...lines] };
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

const DEFAULT_CODE_PAGE: CodePage = 'cp858';

/** One line's worth of text: characters the code page holds, single spaces, cut at a word when it is too long. */
export function fitText(text: string, width: number, codePage: CodePage = DEFAULT_CODE_PAGE): string {
  const plain = normalise(text, codePage);
  if (plain.length <= width) return plain;
  const room = width - 3;
  let cut = plain.slice(0, room);
  const space = cut.lastIndexOf(' ');
  // Cut at a word boundary unless that would throw away more than a third of the line.
  if (space >= Math.ceil(room * 0.66)) cut = cut.slice(0, space);
  return `${cut.trimEnd()}...`;
}

/** Word-wrapped lines (at most `maxLines`, the last one fitted with an ellipsis when more text remains). */
export function wrapText(text: string, width: number, maxLines: number, codePage: CodePage = DEFAULT_CODE_PAGE): string[] {
  const words = normalise(text, codePage).split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(fitText(current, width, codePage));
    current = word;
    if (lines.length === maxLines - 1) {
      lines.push(fitText(words.slice(index).join(' '), width, codePage));
      return lines;
    }
  }
  if (current) lines.push(fitText(current, width, codePage));
  return lines;
}

function normalise(text: string, codePage: CodePage): string {
  // Control characters would be read by the printer as commands.
  return printableText(text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' '), codePage)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Formatters by time zone: building one costs more than laying out a whole ticket. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateParts(iso: string, timeZone?: string): (type: Intl.DateTimeFormatPartTypes) => string {
  const key = timeZone ?? '';
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(key, format);
  }
  const parts = format.formatToParts(new Date(iso));
  return (type) => parts.find((candidate) => candidate.type === type)?.value ?? '';
}

function formatDateTime(iso: string, language: TicketLanguage, timeZone?: string): string {
  const part = dateParts(iso, timeZone);
  return `${part('day')}/${part('month')}/${part('year')} ${WORDS[language].at} ${part('hour')}:${part('minute')}`;
}

/** 24-hour `10:30` in both languages, as the clinic's clocks and convocations say it. */
function formatTime(iso: string, timeZone?: string): string {
  const part = dateParts(iso, timeZone);
  return `${part('hour')}:${part('minute')}`;
}
