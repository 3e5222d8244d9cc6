import { afterAll, beforeAll } from 'vitest';
import { DeskError } from '../../../../src-shared/errors';
import type { PrintOutcome } from '../../../../src-shared/ipc/features/printing.contract';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CheckinService, type CheckinServiceDeps } from '../../../../src-main/checkin/service';
import { DeskJournal } from '../../../../src-main/journal/desk-journal';
import { DeskEvents } from '../../../../src-main/events/bus';
import type { IssuedTicket, TicketPrinter } from '../../../../src-main/features';
import { PlatformHttp } from '../../../../src-main/platform/tickets/http';
import { ReceptionClient } from '../../../../src-main/platform/tickets/reception';
import { trainingPortOf } from '../../../../src-main/profiles/connection';
import { PublisherClient } from '../../../../src-main/publisher/client';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import type { SandboxAppointment } from '../../../../src-main/sandbox/world/types';
import { StaffSessionService } from '../../../../src-main/staff/session';

/** One harness for a whole suite: started before its tests, closed after them. */
export function suiteHarness(): () => CheckinHarness {
  let harness: CheckinHarness | undefined;
  beforeAll(async () => {
    harness = await startCheckinHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });
  return () => harness!;
}

const FAST = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2, totalBudgetMs: 2_000 };

/** The desk printer as the printing feature offers it to check-in: here it keeps what it was given. */
export class RecordingPrinter implements TicketPrinter {
  readonly printed: IssuedTicket[] = [];
  available = true;
  async printIssuedTicket(ticket: IssuedTicket): Promise<PrintOutcome> {
    if (!this.available) throw new DeskError('PRINTER_UNAVAILABLE', 'No desk printer is configured');
    this.printed.push(ticket);
    return { outcome: 'preview', jobId: `job-${this.printed.length}` };
  }
}

export interface CheckinHarness {
  sandbox: RunningSandbox;
  service: CheckinService;
  /** What the service is built from, for a second service on the same desk. */
  deps: CheckinServiceDeps;
  staff: StaffSessionService;
  printer: RecordingPrinter;
  http: PlatformHttp;
  journal: DeskJournal;
  /** The training publisher's appointment, as its database holds it. */
  appointment(id: string): SandboxAppointment;
  /** The platform's tickets of an appointment, oldest first. */
  ticketsOf(id: string): SandboxTicketOf;
  close(): Promise<void>;
}

type SandboxTicketOf = RunningSandbox['world']['platform']['tickets'];

/** A signed-in desk on a fresh training sandbox: real publisher and platform over real sockets. */
export async function startCheckinHarness(): Promise<CheckinHarness> {
  const sandbox = await startSandbox();
  const publisher = new PublisherClient({ profile: sandbox.profile, accountKey: sandbox.accountKey, retry: FAST, timeoutMs: 2_000 });
  const staff = new StaffSessionService(publisher, new DeskEvents(), sandbox.profile);
  await staff.signIn({ login: 'accueil', password: 'formation' });
  const http = new PlatformHttp({ platformUrl: sandbox.platformUrl, licenceUuid: sandbox.licenceUuid, accountKey: sandbox.accountKey, retry: FAST, timeoutMs: 2_000 });
  const printer = new RecordingPrinter();
  const journal = await DeskJournal.open(mkdtempSync(path.join(tmpdir(), 'checkin-journal-')));
  const deps: CheckinServiceDeps = { publisher, reception: new ReceptionClient(http), staff, printer, journal, training: trainingPortOf(sandbox) };
  const service = new CheckinService(deps);
  return {
    sandbox,
    service,
    deps,
    staff,
    printer,
    http,
    journal,
    appointment: (id) => sandbox.world.publisher.appointments.find((candidate) => candidate.id === id)!,
    ticketsOf: (id) => sandbox.world.platform.tickets.filter((ticket) => ticket.contractAppointmentId === id),
    close: () => sandbox.close(),
  };
}
