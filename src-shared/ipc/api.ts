import type { DeskResult } from '../result';
import { CHANNELS, EVENTS, type Channel, type EventName } from './channels';
import type { EventPayloadOf, RequestOf, ResponseOf } from './contract';

/** How a bridge (Electron preload or browser preview) reaches main. Never exposed itself. */
export interface DeskTransport {
  invoke(channel: Channel, request: unknown): Promise<DeskResult<unknown>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}

type DomainOf<N extends string> = N extends `${infer D}/${string}` ? D : never;

export type DeskCall<C extends Channel> = undefined extends RequestOf<C>
  ? (request?: RequestOf<C>) => Promise<DeskResult<ResponseOf<C>>>
  : (request: RequestOf<C>) => Promise<DeskResult<ResponseOf<C>>>;

export type DeskListen<E extends EventName> = (listener: (payload: EventPayloadOf<E>) => void) => () => void;

/**
 * `window.desk`: one named function per channel (`desk.staff.signIn(...)`) and one
 * subscription per event (`desk.on.connection.changed(cb)`), derived from the contract.
 */
export type DeskApi = {
  [D in DomainOf<Channel>]: { [C in Channel as C extends `${D}/${infer A}` ? A : never]: DeskCall<C> };
} & {
  on: { [D in DomainOf<EventName>]: { [E in EventName as E extends `${D}/${infer A}` ? A : never]: DeskListen<E> } };
};

function split(name: string): [string, string] {
  const [domain, action] = name.split('/') as [string, string];
  return [domain, action];
}

export function buildDeskApi(transport: DeskTransport): DeskApi {
  const api: Record<string, Record<string, unknown>> = { on: {} };
  for (const channel of CHANNELS) {
    const [domain, action] = split(channel);
    api[domain] ??= {};
    api[domain][action] = (request?: unknown) => transport.invoke(channel, request);
  }
  const on = api.on as Record<string, Record<string, unknown>>;
  for (const event of EVENTS) {
    const [domain, action] = split(event);
    on[domain] ??= {};
    on[domain][action] = (listener: (payload: unknown) => void) => transport.subscribe(event, listener);
  }
  return api as unknown as DeskApi;
}
