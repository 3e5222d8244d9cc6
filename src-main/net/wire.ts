import tls from 'node:tls';
import { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';

/** What one exchange sends: never a redirect followed (a 401 must not become a login page). */
export interface WireInit {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
  redirect: 'manual';
}

/**
 * The one way the main process speaks HTTP, shaped as `fetch`. In Electron it is Chromium's
 * (`net.fetch`: the system proxy, PAC, the OS certificate store, NTLM/Kerberos proxies);
 * elsewhere (browser preview, tests) undici with the environment's proxy and extra CAs.
 */
export type Wire = (url: string, init: WireInit) => Promise<Response>;

/** How the Node wire reaches the network; absent fields come from the environment. */
export interface NodeNetwork {
  /** Proxies as `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY` say them (the environment's by default). */
  httpsProxy?: string;
  httpProxy?: string;
  noProxy?: string;
  /** Certificate authorities trusted beside the default ones (PEM), e.g. a medical system's internal CA. */
  extraCertificates?: readonly string[];
  /** How long an unused connection is kept for the next request (IDLE_CONNECTION_MS by default). */
  idleConnectionMs?: number;
}

/**
 * An unused connection is closed after this, whatever the server offers (Fastify says 72 s).
 * Hospital proxies and firewalls drop idle connections silently, and a request sent on one of
 * those fails; and a desk kept the connections of its busiest moment, an outage's catch-up
 * eight to each server, for more than a minute after it (full day, 6 Dec 2026). A desk asks
 * several times a second, so its connections in use stay open.
 */
export const IDLE_CONNECTION_MS = 10_000;

/**
 * undici's fetch behind `EnvHttpProxyAgent`: HTTPS through the proxy's CONNECT tunnel, NO_PROXY
 * honoured. Extra CAs are added to the default store (which already holds NODE_EXTRA_CA_CERTS),
 * never put in its place: a desk trusting its hospital's CA still trusts the platform's.
 */
export function nodeWire(network: NodeNetwork = {}): Wire {
  const extra = network.extraCertificates ?? [];
  const trust = extra.length > 0 ? { ca: [...defaultCertificates(), ...extra] } : {};
  const dispatcher = new EnvHttpProxyAgent({
    ...(network.httpsProxy !== undefined ? { httpsProxy: network.httpsProxy } : {}),
    ...(network.httpProxy !== undefined ? { httpProxy: network.httpProxy } : {}),
    ...(network.noProxy !== undefined ? { noProxy: network.noProxy } : {}),
    connect: trust,
    requestTls: trust,
    keepAliveMaxTimeout: network.idleConnectionMs ?? IDLE_CONNECTION_MS,
  });
  const proxies = [network.httpsProxy ?? envProxy('https'), network.httpProxy ?? envProxy('http')].flatMap((proxy) => (proxy ? [endpointOf(proxy)] : []));
  return async (url, init) => {
    try {
      return (await undiciFetch(url, { ...init, dispatcher })) as unknown as Response;
    } catch (error) {
      throw proxyDown(error, proxies) ?? error;
    }
  };
}

/** Node's default store with NODE_EXTRA_CA_CERTS (Node 22.15+; the types here are Node 20's). */
function defaultCertificates(): readonly string[] {
  const read = (tls as unknown as { getCACertificates?: (type: 'default') => string[] }).getCACertificates;
  return read ? read('default') : tls.rootCertificates;
}

function envProxy(scheme: 'http' | 'https'): string | undefined {
  return process.env[`${scheme}_proxy`] ?? process.env[`${scheme.toUpperCase()}_PROXY`];
}

function endpointOf(proxy: string): string {
  try {
    const url = new URL(proxy);
    return `${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return '';
  }
}

/**
 * undici says a proxy it cannot reach as it says a server it cannot reach: the refused
 * port tells which. A desk whose proxy is down is told so, not that the platform is.
 */
function proxyDown(error: unknown, proxyPorts: readonly string[]): Error | null {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; port?: unknown } | undefined) : undefined;
  if (!cause || (cause.code !== 'ECONNREFUSED' && cause.code !== 'ENOTFOUND' && cause.code !== 'EAI_AGAIN')) return null;
  if (!proxyPorts.includes(String(cause.port))) return null;
  return Object.assign(new Error('the proxy could not be reached'), { code: `PROXY_${cause.code}` });
}

/** Builds the wire of a runtime, trusting these CAs (PEM) beside the system's. */
export type WireFactory = (extraCertificates: readonly string[]) => Wire;

/** The Node wire with the environment's proxy: the preview host's and the tests' unless they set another. */
export const nodeWireFactory: WireFactory = (extraCertificates) => nodeWire({ extraCertificates });

let factory: WireFactory = nodeWireFactory;
let current: Wire | null = null;

/** The wire in use: Chromium's once Electron installed it, else the Node one built on first use. */
export function wire(): Wire {
  current ??= factory([]);
  return current;
}

/** The runtime's wires from now on (Electron's net.fetch; tests' Node wire through a proxy). */
export function useWireFactory(next: WireFactory): void {
  factory = next;
  current = null;
}

/** Trusts a connection profile's CA (PEM) from now on, beside the system's; none = the system's alone. */
export function trustExtraCertificates(pems: readonly string[]): void {
  current = factory(pems);
}
