import { platformBase } from '../failures';

/** Where and as whom the desk reaches the ticket services: the calls and the event stream alike. */
export interface TicketServiceAccess {
  platformUrl: string;
  licenceUuid: string;
  /** Sent raw in `Authorization` (no Bearer prefix), as the ticket services expect. */
  accountKey: string;
}

/** A ticket service's URL; the licence rides in the query of a GET (a POST carries it in its body). */
export function ticketServiceUrl(access: TicketServiceAccess, path: string, query?: Record<string, string | number>): string {
  const url = `${platformBase(access.platformUrl)}${path}`;
  if (!query) return url;
  const search = new URLSearchParams({ licenceUuid: access.licenceUuid });
  for (const [key, value] of Object.entries(query)) search.set(key, String(value));
  return `${url}?${search.toString()}`;
}

export function ticketServiceHeaders(access: TicketServiceAccess): Record<string, string> {
  return { Authorization: access.accountKey };
}
