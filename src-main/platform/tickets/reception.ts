import { randomUUID } from 'node:crypto';
import {
  cancelForAppointmentResponseSchema,
  checkinNotifySettingsResponseSchema,
  issuedTicketSchema,
  TICKET_SERVICE_PATHS,
  type CheckinNotifySettings,
  type IssuedTicket,
} from '../../../src-shared/platform/tickets';
import type { PlatformHttp } from './http';

/** How long notify settings are trusted: the platform recommends caching them ~30 s. */
export const NOTIFY_SETTINGS_TTL_MS = 30_000;

/** What the desk knows of an appointment when it asks for a ticket (licence and uid are added here). */
export interface IssueRequest {
  officePlaceId: number;
  contractAppointmentId: string;
  examTypeId?: string | null;
  /** The exam type's `ticketPrefix` in the medical system: absent or null, the platform computes one. */
  prefix?: string | null;
  examTypeLabel?: string | null;
  patientDisplayName?: string | null;
  examLabel?: string | null;
  /** Replay of the same generation (after a failure): the same uid gets the same number back. */
  requestUid?: string;
}

export interface IssuedDeskTicket extends IssuedTicket {
  requestUid: string;
}

/** The notify setting that applies to one office place: its own, else the global one. */
export interface PlaceNotifySetting {
  enabled: boolean;
  excludedAnomalyCodes: string[];
}

export function notifySettingFor(settings: CheckinNotifySettings['settings'], officePlaceId: number): PlaceNotifySetting | null {
  const own = settings.find((setting) => setting.officePlaceId === officePlaceId);
  const chosen = own ?? settings.find((setting) => setting.officePlaceId === null);
  return chosen ? { enabled: chosen.enabled, excludedAnomalyCodes: [...chosen.excludedAnomalyCodes] } : null;
}

export interface ReceptionClientDeps {
  now?: () => number;
  newUid?: () => string;
}

/**
 * The ticket services a desk check-in uses (DESIGN.md §2): a number in the kiosks'
 * sequence, undoing a reception, and the notify settings. Transport, retries and
 * typed failures are PlatformHttp's; the idempotency key is decided here.
 */
export class ReceptionClient {
  private readonly now: () => number;
  private readonly newUid: () => string;
  private settings: { value: CheckinNotifySettings; at: number } | null = null;
  private pendingSettings: Promise<CheckinNotifySettings> | null = null;

  constructor(
    private readonly http: PlatformHttp,
    deps: ReceptionClientDeps = {},
  ) {
    this.now = deps.now ?? Date.now;
    this.newUid = deps.newUid ?? randomUUID;
  }

  /**
   * A new requestUid per generation (undo + redo consumes a new number); PlatformHttp's
   * retries of one generation reuse it, so a lost answer never costs a second number.
   */
  async issueForAppointment(request: IssueRequest): Promise<IssuedDeskTicket> {
    const { requestUid: given, ...rest } = request;
    const requestUid = given ?? `desk-${this.newUid()}`;
    // `source` is this project's extension (docs/desk-extensions.md): the board tells desk tickets apart.
    const body = { ...rest, requestUid, source: 'desk' as const };
    const ticket = await this.http.post(TICKET_SERVICE_PATHS.issueForAppointment, body, issuedTicketSchema);
    return { ...ticket, requestUid };
  }

  /** Idempotent on the platform: a second call answers `{cancelled: 0}`. */
  async cancelForAppointment(contractAppointmentId: string): Promise<{ cancelled: number }> {
    const answer = await this.http.post(TICKET_SERVICE_PATHS.cancelForAppointment, { contractAppointmentId }, cancelForAppointmentResponseSchema);
    return { cancelled: answer.cancelled };
  }

  /** Cached ~30 s; concurrent callers share one request. */
  async getCheckinNotifySettings(): Promise<CheckinNotifySettings> {
    if (this.settings && this.now() - this.settings.at < NOTIFY_SETTINGS_TTL_MS) return this.settings.value;
    this.pendingSettings ??= this.http
      .post(TICKET_SERVICE_PATHS.getCheckinNotifySettings, {}, checkinNotifySettingsResponseSchema)
      .then((value) => {
        this.settings = { value, at: this.now() };
        return value;
      })
      .finally(() => {
        this.pendingSettings = null;
      });
    return this.pendingSettings;
  }
}
