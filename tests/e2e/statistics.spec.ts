import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/start';
import type { DeskTicket } from '../../src-shared/platform/tickets';
import { readCsv } from '../helpers/csv-reader';
import { ticketFacts } from '../../src-main/statistics/figures';
import { estimateWaits } from '../../src-main/statistics/wait-estimate';
import { roundedWait } from '../../src-shared/statistics/wait-estimate';
import { expect, launchAttachedDesk, test, type PreviewHost } from './fixtures';
import { PACE } from './pace';
import { BoardPage } from './pages/board-page';
import { expectAccessible } from './pages/accessibility';
import { StatisticsPage } from './pages/statistics-page';

/**
 * Statistics on the training day, against a sandbox the test started itself, so the
 * expected figures are worked out here from the sandbox's own ticket histories.
 */
let sandbox: RunningSandbox;
let host: PreviewHost;
let child: ChildProcess;

test.beforeAll(async ({ sandboxArgs }) => {
  sandbox = await startSandbox({ publisherFlags: sandboxArgs });
  ({ host, child } = await launchAttachedDesk(sandbox, { dataDir: mkdtempSync(path.join(tmpdir(), 'desk-statistics-')) }));
});
test.afterAll(async () => {
  child.kill('SIGTERM');
  await sandbox.close();
});

const place = () => sandbox.profile.officePlaceId!;
const ticketsOf = (day: string) => sandbox.world.platform.tickets.filter((ticket) => ticket.day === day && ticket.officePlaceId === place());
const firstCall = (ticket: DeskTicket) => ticket.history!.find((entry) => entry.event === 'called');
/** Arrival → first call, in minutes, of the tickets that were called. */
const waits = (tickets: DeskTicket[]) =>
  tickets.flatMap((ticket) => {
    const call = firstCall(ticket);
    return call ? [(Date.parse(call.at) - Date.parse(ticket.issuedAt)) / 60_000] : [];
  });
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
/** Simulated kiosk arrivals until one lands at the desk's office place (numbers restart per place). */
async function kioskArrivalHere(): Promise<DeskTicket> {
  for (let i = 0; i < 30; i += 1) {
    const ids = (await sandbox.kiosk.arrive())?.appointmentIds ?? [];
    const ticket = sandbox.world.platform.tickets.findLast((candidate) => candidate.contractAppointmentId !== null && ids.includes(candidate.contractAppointmentId));
    if (ticket?.officePlaceId === place()) return ticket;
  }
  throw new Error('no kiosk arrival at the office place');
}
/** The words a French spreadsheet user reads for each platform code, written out here rather than taken from the app. */
const STATUS_FR: Record<DeskTicket['status'], string> = { issued: 'réservé', checkedIn: 'arrivé', inCare: 'en examen', done: 'terminé', closed: 'clôturé', cancelled: 'annulé' };
const SOURCE_FR: Record<DeskTicket['source'], string> = { kiosk: 'borne', desk: 'accueil', publisher: 'logiciel médical' };
const minutesFr = (value: number) => `${value.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} min`;

test('the training day in figures: key figures and the hourly table match the sandbox history, the CSV holds every ticket without names', async ({ page }) => {
  const statistics = new StatisticsPage(page);
  const today = ticketsOf(sandbox.world.day);
  const waiting = today.filter((ticket) => ticket.status === 'checkedIn' && !firstCall(ticket)).length;
  await statistics.open(host.openUrl, async () => {
    // The board header counts what its list shows: here, every ticket waiting at the office place.
    await expect(page.getByTestId('board-waitingNow').getByTestId('value')).toHaveText(String(waiting));
  });
  await expect(statistics.heading).toHaveText('Statistiques');
  await expect(statistics.live).toBeVisible();

  expect(today.length).toBeGreaterThan(3);
  await expect(statistics.figure('arrivals')).toHaveText(String(today.length));
  await expect(statistics.figure('waitMedian')).toHaveText(minutesFr(median(waits(today))));
  await expect(statistics.figure('waitMax')).toHaveText(minutesFr(Math.max(...waits(today))));
  await expect(statistics.figure('stillWaiting')).toHaveText(String(waiting));
  await expect(statistics.figure('waitingNow')).toHaveText(String(waiting));
  await expect(statistics.chart('arrivalsPerHour').locator('canvas')).toBeVisible();
  await expectAccessible(page);

  // The table view of arrivals per hour: every hour with arrivals, counted from the sandbox.
  const table = await statistics.showTable('arrivalsPerHour');
  const perHour = new Map<string, number>();
  for (const ticket of today) perHour.set(`${ticket.issuedAt.slice(11, 13)}h`, (perHour.get(`${ticket.issuedAt.slice(11, 13)}h`) ?? 0) + 1);
  const rows = await statistics.rows(table);
  expect(rows.filter(([, count]) => count !== '0')).toEqual([...perHour].sort(([a], [b]) => a.localeCompare(b)).map(([hour, count]) => [hour, String(count)]));
  await expect(statistics.chart('arrivalsPerHour').locator('canvas')).toHaveCount(0);
  await expectAccessible(page);

  // Live: a kiosk arrival here, then another desk's call, change the figures without a reload.
  const arrival = await kioskArrivalHere();
  await expect(statistics.figure('arrivals')).toHaveText(String(today.length + 1));
  await expect(statistics.figure('waitingNow')).toHaveText(String(waiting + 1));
  const called = await fetch(`${sandbox.platformUrl}/api/kioskTicket/callTicket`, {
    method: 'POST',
    headers: { Authorization: sandbox.accountKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ licenceUuid: sandbox.licenceUuid, ticketId: arrival.ticketId, kioskDeskId: 7, deskLabel: 'Accueil 7' }),
  });
  expect(called.status).toBe(200);
  await expect(statistics.figure('waitingNow')).toHaveText(String(waiting));
  today.push(arrival);

  // CSV export: names left out unless asked; asking shows the warning.
  await statistics.exportButton.click();
  await expect(statistics.csvDialog).toBeVisible();
  await expectAccessible(page);
  await statistics.includeNames.check();
  await expect(statistics.namesWarning).toBeVisible();
  await expectAccessible(page);
  await statistics.includeNames.uncheck();
  await expect(statistics.namesWarning).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), statistics.download.click()]);
  expect(download.suggestedFilename()).toBe(`tickets-${sandbox.world.day}-lieu-${place()}.csv`);
  // A French spreadsheet: UTF-8 with its byte order mark, semicolons, decimal commas, French words.
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString('utf8');
  const [header, ...lines] = readCsv(csv, ';');
  expect(header).toContain('attente_minutes');
  expect(header).not.toContain('patient');
  expect(lines).toHaveLength(today.length);
  for (const line of lines) expect(line).toHaveLength(header!.length);
  const column = (name: string) => lines.map((line) => line[header!.indexOf(name)]);
  expect(column('ticket').sort()).toEqual(today.map((ticket) => ticket.formattedNumber).sort());
  const byNumber = new Map(today.map((ticket) => [ticket.formattedNumber, ticket]));
  for (const line of lines) {
    const ticket = byNumber.get(line[header!.indexOf('ticket')]!)!;
    const call = firstCall(ticket);
    expect(line[header!.indexOf('attente_minutes')]).toBe(call ? ((Date.parse(call.at) - Date.parse(ticket.issuedAt)) / 60_000).toFixed(1).replace('.', ',') : '');
    expect(line[header!.indexOf('statut')]).toBe(STATUS_FR[ticket.status]);
    expect(line[header!.indexOf('origine')]).toBe(SOURCE_FR[ticket.source]);
  }
  for (const ticket of today) expect(csv).not.toContain(ticket.patientDisplayName!);

  // The printable day report: no app chrome, one A4 page.
  await statistics.showChart('arrivalsPerHour');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation')).toBeHidden();
  await expect(page.getByText(/^Rapport de la journée du /)).toBeVisible();
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'screen' });
});

test('a finished day of the week: its own figures, no live ones', async ({ page }) => {
  const statistics = new StatisticsPage(page);
  await statistics.open(host.openUrl);
  const yesterday = new Date(`${sandbox.world.day}T12:00:00`);
  yesterday.setDate(yesterday.getDate() - 1);
  const day = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
  const tickets = ticketsOf(day);
  expect(tickets.length).toBeGreaterThan(20);
  await statistics.chooseDay(yesterday.toLocaleDateString('fr-FR', { weekday: 'long', day: 'numeric', month: 'long' }));
  await expect(statistics.figure('arrivals')).toHaveText(String(tickets.length));
  await expect(statistics.figure('absences')).toHaveText(String(tickets.filter((ticket) => ticket.history!.some((entry) => entry.event === 'absent')).length));
  await expect(statistics.live).toHaveCount(0);
  await expect(page.getByTestId('statistics-desks').locator('tbody tr')).toHaveCount(2);

  // The office place's arrivals beside figures of fewer tickets: each says which tickets it counts, and why.
  const called = tickets.filter((ticket) => firstCall(ticket)).length;
  const uncalled = tickets.length - called;
  expect(uncalled).toBeGreaterThan(0);
  await expect(page.getByTestId('figure-arrivals').getByTestId('scope')).toHaveText('tout le lieu, appelés ou non');
  await expect(page.getByTestId('figure-waitMedian').getByTestId('scope')).toHaveText(`sur ${called} tickets appelés`);
  await expect(page.getByTestId('statistics-desks').getByRole('columnheader', { name: 'Tickets appelés' })).toBeVisible();
  await expect(page.getByTestId('statistics-desks-note')).toContainText(
    `${called} des ${tickets.length} arrivées du lieu. ${uncalled} ${uncalled === 1 ? "arrivée n'a été appelée" : "arrivées n'ont été appelées"} à aucun guichet`,
  );
});

test('an English desk exports commas between cells, points in decimals and English words', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  const statistics = new StatisticsPage(page);
  await statistics.open(host.openUrl);
  await expect(statistics.heading).toHaveText('Statistics');
  await statistics.exportButton.click();
  await expect(statistics.csvDialog).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), statistics.download.click()]);
  expect(download.suggestedFilename()).toBe(`tickets-${sandbox.world.day}-place-${place()}.csv`);
  const [header, ...lines] = readCsv(readFileSync((await download.path())!, 'utf8'), ',');
  expect(header).toContain('wait_minutes');
  expect(lines.length).toBeGreaterThan(3);
  for (const line of lines) expect(line).toHaveLength(header!.length);
  const column = (name: string) => lines.map((line) => line[header!.indexOf(name)]!);
  expect(column('wait_minutes').filter((wait) => wait !== '')).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+\.\d$/)]));
  for (const wait of column('wait_minutes')) expect(wait).toMatch(/^(\d+\.\d)?$/);
  expect(new Set(column('status'))).not.toContain('checkedIn');
  for (const status of column('status')) expect(['issued', 'checked in', 'in care', 'done', 'closed', 'cancelled']).toContain(status);
  await context.close();
});

/** A colleague's desk calls the patients waiting longest, as the platform records any desk's call. */
async function servedElsewhere(count: number): Promise<void> {
  const waitingNow = () => ticketsOf(sandbox.world.day).filter((ticket) => ticket.status === 'checkedIn' && !ticket.lastCall);
  while (waitingNow().length < count) await kioskArrivalHere();
  const waiting = waitingNow()
    .toSorted((a, b) => a.issuedAt.localeCompare(b.issuedAt))
    .slice(0, count);
  for (const ticket of waiting) {
    const called = await fetch(`${sandbox.platformUrl}/api/kioskTicket/callTicket`, {
      method: 'POST',
      headers: { Authorization: sandbox.accountKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ licenceUuid: sandbox.licenceUuid, ticketId: ticket.ticketId, kioskDeskId: 7, deskLabel: 'Accueil 7' }),
    });
    expect(called.status).toBe(200);
  }
}

/** What a patient arriving now reads, worked out from the sandbox's tickets at this moment: any exam, and per exam type. */
function expected(): { office: string; perType: string[] } {
  const estimates = estimateWaits(ticketsOf(sandbox.world.day).map(ticketFacts), Date.now());
  const { minutes } = estimates.office;
  expect(minutes, 'enough recent calls for an estimate').not.toBeNull();
  const own = estimates.byExamType.filter((estimate) => estimate.basis === 'examType');
  return { office: `~${roundedWait(minutes!)} min`, perType: own.length > 1 ? own.map((estimate) => `${estimate.examType} ~${roundedWait(estimate.minutes!)} min`) : [] };
}

test('after patients are served, the board header and the public display show the estimated wait of a patient arriving now', async ({ page, context }) => {
  await servedElsewhere(3);
  const board = new BoardPage(page);
  await board.open(host.openUrl);
  const header = page.getByTestId('board-waitEstimate');
  // The header refreshes with the clock (30 s): a wait crossing a 5-minute step meanwhile is read again.
  await expect(async () => {
    await expect(header.getByTestId('value')).toHaveText(expected().office, { timeout: 2_000 });
  }).toPass({ timeout: 40_000 * PACE });
  await expect(header).toContainText('Attente estimée');
  // Where it comes from, for staff who wonder.
  await expect(header).toHaveAttribute('title', /^Tous examens\u00a0: médiane des attentes des \d+ patients appelés ces 90 dernières minutes/);

  const display = await context.newPage();
  await display.goto(`${host.openUrl}#/display`);
  await expect(display.getByTestId('public-display')).toBeVisible();
  // One figure, or one per exam type when several have their own.
  await expect(async () => {
    const { office, perType } = expected();
    await expect(display.getByTestId('display-wait-estimate')).toHaveText(`Attente estimée\u00a0: ${perType.length > 0 ? perType.join(' · ') : office}`, { timeout: 2_000 });
  }).toPass({ timeout: 40_000 * PACE });
  await display.close();
});
