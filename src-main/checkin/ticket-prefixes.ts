import { TICKET_PREFIX_MAX } from '../../src-shared/platform/tickets';
import type { PublisherClient } from '../publisher/client';
import { logger } from '../log';
import { within } from '../net/within';

const log = logger('ticket-prefixes');

/** How long the medical system's exam types are trusted: they change with the agenda's set-up, not during a day. */
export const EXAM_TYPES_TTL_MS = 10 * 60_000;
/** After a failed read, how long the desk goes without asking again (a publisher without the route stays so). */
export const EXAM_TYPES_RETRY_MS = 60_000;
/** A check-in never waits longer than this for the prefixes: the platform then computes one itself. */
export const EXAM_TYPES_WAIT_MS = 1_500;

export interface TicketPrefixesDeps {
  publisher: Pick<PublisherClient, 'getConfig'>;
  now?: () => number;
}

/**
 * The exam types' ticket prefixes (`/config/exam-types`, `ticketPrefix`), so a desk check-in
 * takes its number in the same series as the kiosks and the medical system's own arrivals of
 * that exam type (EC001, EC002… and not 001 beside them). Without the route or the prefix, the
 * desk sends none and the platform computes it (from the static referential the administrator
 * uploaded, on a real platform). Best effort throughout: a check-in never fails for it.
 */
export class TicketPrefixes {
  private readonly now: () => number;
  private known: { prefixes: Map<string, string>; at: number } | null = null;
  private failedAt: number | null = null;
  private pending: Promise<Map<string, string> | null> | null = null;

  constructor(private readonly deps: TicketPrefixesDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The prefix of an exam type, or null when the medical system gives none (or did not answer in time). */
  async prefixOf(examTypeId: string | null | undefined): Promise<string | null> {
    if (!examTypeId) return null;
    const prefixes = await within(this.prefixes(), EXAM_TYPES_WAIT_MS, null);
    return prefixes?.get(examTypeId) ?? null;
  }

  private async prefixes(): Promise<Map<string, string> | null> {
    const now = this.now();
    if (this.known && now - this.known.at < EXAM_TYPES_TTL_MS) return this.known.prefixes;
    if (this.failedAt !== null && now - this.failedAt < EXAM_TYPES_RETRY_MS) return this.known?.prefixes ?? null;
    this.pending ??= this.read().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async read(): Promise<Map<string, string> | null> {
    try {
      const { examTypes } = await this.deps.publisher.getConfig('examTypes');
      const prefixes = new Map<string, string>();
      for (const type of examTypes) {
        const prefix = type.ticketPrefix?.trim();
        // A prefix the platform would refuse would cost the platform's number: the platform computes one instead.
        if (prefix && prefix.length <= TICKET_PREFIX_MAX) prefixes.set(type.id, prefix);
      }
      this.known = { prefixes, at: this.now() };
      this.failedAt = null;
      return prefixes;
    } catch (error) {
      // An older list stays better than none: the prefixes of an exam type rarely change.
      this.failedAt = this.now();
      log.warn('exam types not read', { error: error instanceof Error ? error.name : 'unknown' });
      return this.known?.prefixes ?? null;
    }
  }
}
