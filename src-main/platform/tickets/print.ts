import { printTicketResponseSchema, TICKET_SERVICE_PATHS } from '../../../src-shared/platform/tickets';
import type { RetryPolicy } from '../../net/retry';
import type { PlatformHttp } from './http';

/**
 * A kiosk print is not idempotent (the platform has no request id for it): a retry
 * after a lost answer could hand the patient two tickets, so it is tried once and
 * the desk's print queue decides when to try again.
 */
const ONCE: RetryPolicy = { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, totalBudgetMs: 8_000 };

export interface KioskPrintRequest {
  officePlaceId: number;
  kioskDeskId: number | null;
  data: Record<string, unknown>;
}

/** `printTicket`: the platform renders its ticket template and prints it on a kiosk of the office place. */
export function printTicket(http: PlatformHttp, request: KioskPrintRequest) {
  return http.post(TICKET_SERVICE_PATHS.printTicket, { ...request }, printTicketResponseSchema, ONCE);
}
