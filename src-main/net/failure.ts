/** Why nothing usable came back: the network, the server's certificate, or a proxy that refused. */
export type FailureKind = 'network' | 'certificate' | 'proxy';

/** No answer at all: connection refused or dropped, DNS, a refused certificate or proxy, or the attempt's time was up. */
export class NetworkFailure extends Error {
  constructor(
    /** The transport's error code (`ECONNREFUSED`, `SELF_SIGNED_CERT_IN_CHAIN`, `ERR_CERT_AUTHORITY_INVALID`…), `network` when it gave none. */
    readonly code: string,
    readonly timedOut: boolean,
    readonly kind: FailureKind = 'network',
    /** The server asked for (host name only: no path, no query), for messages that name it. */
    readonly host: string | null = null,
  ) {
    super(`no answer (${code})`);
    this.name = 'NetworkFailure';
  }
}

// Node's (OpenSSL) and Chromium's names for a chain this computer does not trust or a name that does not match.
const CERTIFICATE_CODES = /^(?:UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(?:_LOCALLY)?|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|CERT_\w+|ERR_TLS_CERT_ALTNAME_INVALID|ERR_CERT_\w+|ERR_SSL_\w+)$/;
// Chromium's proxy failures; undici says a refused tunnel in words.
const PROXY_CODES = /^ERR_(?:PROXY_\w+|TUNNEL_CONNECTION_FAILED|MANDATORY_PROXY_CONFIGURATION_FAILED)$/;
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ECONNABORTED', 'ERR_TIMED_OUT', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Names a failed exchange from what either wire threw: undici's `fetch failed` with its cause
 * (an OpenSSL code, `Proxy response (407) !== 200 when HTTP Tunneling`), Chromium's `net::ERR_…`,
 * or the attempt's own timeout. Only codes and the host are kept, never the URL or a body.
 */
export function failureOf(error: unknown, url: string): NetworkFailure {
  const host = hostOf(url);
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new NetworkFailure('ERR_CANCELED', true, 'network', host);
  }
  const code = codeOf(error);
  if (code.startsWith('PROXY_') || PROXY_CODES.test(code)) return new NetworkFailure(code, false, 'proxy', host);
  if (CERTIFICATE_CODES.test(code)) return new NetworkFailure(code, false, 'certificate', host);
  return new NetworkFailure(code, TIMEOUT_CODES.has(code), 'network', host);
}

function codeOf(error: unknown): string {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth += 1) {
    const code = (at as { code?: unknown }).code;
    const tunnel = /Proxy response \((\d{3})\)/.exec(at.message);
    if (tunnel) return `PROXY_HTTP_${tunnel[1]}`;
    const chromium = /net::(ERR_[A-Z_]+)/.exec(at.message);
    if (chromium) return chromium[1]!;
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET' && code !== 'UND_ERR_ABORTED') return code;
    if (at.cause === undefined && typeof code === 'string') return code;
  }
  return 'network';
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** A failure with its own words: the certificate or the proxy, named for the technician. */
export interface NamedFailure {
  code: 'CERTIFICATE_UNTRUSTED' | 'PROXY_REFUSED';
  message: string;
  host: string | undefined;
}

/** The plain words of a certificate or proxy failure; null for any other (the caller's "did not answer"). */
export function namedFailure(failure: NetworkFailure): NamedFailure | null {
  const host = failure.host ?? undefined;
  const where = host ?? 'the server';
  if (failure.kind === 'certificate') {
    return { code: 'CERTIFICATE_UNTRUSTED', message: `The certificate of ${where} is not trusted by this computer (${failure.code}).`, host };
  }
  if (failure.kind === 'proxy') {
    return { code: 'PROXY_REFUSED', message: `The proxy refused to reach ${where}, or could not be reached (${failure.code}).`, host };
  }
  return null;
}
