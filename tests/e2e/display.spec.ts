import { expect, test } from './fixtures';
import { ipc } from './pages/admin-page';

interface Snapshot {
  rows: { ticketId: string; formattedNumber: string; group: string; status: string; room: string | null; patientDisplayName: string | null }[];
}

test('a call made at the desk shows on the public display, with a chime, without any staff sign-in on the display', async ({ page, previewHost }) => {
  // The waiting-room screen: the preview address on the display route; nobody signs in there.
  await page.goto(`${previewHost.openUrl}#/display`);
  const display = page.getByTestId('public-display');
  await expect(display).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(display).toHaveAttribute('data-chimes', '0');

  // A receptionist (another screen of the same desk) calls a waiting ticket from the board.
  await ipc(previewHost, 'staff/signIn', { login: 'accueil', password: 'formation' });
  // A patient whose appointment has a room (read once the row is verified): the display shows it beside the desk.
  const waitingRow = async () => ((await ipc(previewHost, 'board/snapshot', undefined)) as Snapshot).rows.find((row) => row.status === 'checkedIn' && row.room);
  await expect.poll(waitingRow).toBeDefined();
  const waiting = (await waitingRow())!;
  await ipc(previewHost, 'board/call', { ticketId: waiting.ticketId, recall: false });

  await expect(page.getByTestId('display-latest-number')).toHaveText(waiting.formattedNumber);
  // Where to go, in order: the desk first, then the exam room.
  await expect(page.getByTestId('display-latest-desk')).toHaveText(`➜ Accueil 1, puis Salle ${waiting.room}`);
  // The clinic's name (the desk's office place as the medical system names it, never the profile's "Training") and a clock head the screen.
  await expect(page.getByTestId('display-clinic')).toHaveText('Accueil IRM – Scanner');
  await expect(page.getByTestId('display-clock')).toHaveText(/^\d{2}:\d{2}$/);
  await expect(display).toHaveAttribute('data-chimes', '1');
  // A waiting-room screen never shows a patient's name, not even the called one's.
  const names = ((await ipc(previewHost, 'board/snapshot', undefined)) as Snapshot).rows.flatMap((row) => (row.patientDisplayName ? [row.patientDisplayName] : []));
  expect(names.length).toBeGreaterThan(0);
  const shown = await display.innerText();
  expect(names.filter((name) => shown.includes(name))).toEqual([]);
  await ipc(previewHost, 'staff/signOut', undefined);
});

/** Ticket numbers as publishers prefix them (the training one: I, S, R, E, M; others: O, EC…), read from the back of the room. */
const TICKETS = ['I002', 'O010', 'S005', 'EC12', 'R001', 'E003', 'M004'];
/** Letters a prefix may hold beside the digit a glance takes them for. */
const LOOK_ALIKE: Record<string, string> = { I: '1', O: '0', S: '5' };

/** Ink of a text drawn in the display's font: a 0/1 grid (4 px cells), centred, the same frame for every text. */
interface Ink {
  width: number;
  height: number;
  cells: number[];
}
const inkAt = (ink: Ink, x: number, y: number) => ink.cells[y * ink.width + x]!;
/** Share of the inked cells that only one of two drawings has: 0 for the same shape, 1 for shapes with nothing in common. */
function difference(a: Ink, b: Ink): number {
  let either = 0;
  let one = 0;
  a.cells.forEach((cell, index) => {
    const other = b.cells[index]!;
    if (cell || other) either += 1;
    if (cell !== other) one += 1;
  });
  return one / either;
}
function bounds(ink: Ink) {
  let [left, top, right, bottom] = [ink.width, ink.height, -1, -1];
  for (let y = 0; y < ink.height; y += 1) {
    for (let x = 0; x < ink.width; x += 1) {
      if (!inkAt(ink, x, y)) continue;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
    }
  }
  return { left, top, right, bottom };
}
/** Inked cells of one row of the glyph, at `fraction` of its height from the top. */
function rowWidth(ink: Ink, fraction: number): number {
  const { left, top, right, bottom } = bounds(ink);
  const y = Math.round(top + fraction * (bottom - top));
  let width = 0;
  for (let x = left; x <= right; x += 1) width += inkAt(ink, x, y);
  return width;
}
/** Inked cells in the middle fifth of the glyph's box (the hole of an O). */
function centreInk(ink: Ink): number {
  const { left, top, right, bottom } = bounds(ink);
  const [w, h] = [right - left, bottom - top];
  let inked = 0;
  for (let y = Math.round(top + 0.4 * h); y <= top + 0.6 * h; y += 1) {
    for (let x = Math.round(left + 0.4 * w); x <= left + 0.6 * w; x += 1) inked += inkAt(ink, x, y);
  }
  return inked;
}

test('the display sets ticket numbers in a face where I and 1, O and 0 differ at a glance', async ({ page, previewHost }) => {
  await page.goto(`${previewHost.openUrl}#/display`);
  const display = page.getByTestId('public-display');
  await expect(display).toBeVisible();
  // Drawn in Chromium with the screen's own font, bold as the numbers are.
  const draw = async (texts: string[]): Promise<Record<string, Ink>> =>
    display.evaluate(async (element, texts) => {
      const font = `700 160px ${getComputedStyle(element).fontFamily}`;
      await document.fonts.load(font, texts.join(''));
      const [width, height, cell] = [800, 240, 4];
      const canvas = document.createElement('canvas');
      Object.assign(canvas, { width, height });
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      const drawn: Record<string, Ink> = {};
      for (const text of texts) {
        context.clearRect(0, 0, width, height);
        Object.assign(context, { font, textAlign: 'center', textBaseline: 'middle', fillStyle: '#000' });
        context.fillText(text, width / 2, height / 2);
        const { data } = context.getImageData(0, 0, width, height);
        const cells: number[] = [];
        for (let y = 0; y < height; y += cell) {
          for (let x = 0; x < width; x += cell) cells.push(data[((y + cell / 2) * width + x + cell / 2) * 4 + 3]! > 127 ? 1 : 0);
        }
        drawn[text] = { width: width / cell, height: height / cell, cells };
      }
      return drawn;
    }, texts);

  // Every character of the publishers' ticket numbers, and the digit a glance could take each letter for.
  const letters = [...new Set(TICKETS.join('').replace(/\d/g, ''))].filter((letter) => LOOK_ALIKE[letter]);
  expect(letters).toEqual(['I', 'O', 'S']);
  const glyphs = await draw([...new Set([...TICKETS.join(''), ...letters.map((letter) => LOOK_ALIKE[letter]!)])]);
  for (const letter of letters) expect(difference(glyphs[letter]!, glyphs[LOOK_ALIKE[letter]!]!), `${letter} / ${LOOK_ALIKE[letter]}`).toBeGreaterThan(0.2);
  // The zero is marked inside (slash or dot) where the O is open: O010 never reads 0010.
  expect(centreInk(glyphs['O']!)).toBe(0);
  expect(centreInk(glyphs['0']!)).toBeGreaterThan(0);
  // The I has serifs, its top much wider than its stem: I002 never reads 1002.
  expect(rowWidth(glyphs['I']!, 0.03)).toBeGreaterThanOrEqual(1.8 * rowWidth(glyphs['I']!, 0.5));
});
