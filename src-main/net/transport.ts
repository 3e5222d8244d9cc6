import axios, { isAxiosError } from 'axios';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface WireRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  /** Already encoded (JSON text or a sealed envelope); undefined sends no body. */
  body: string | undefined;
  timeoutMs: number;
}

/** Any answer the server gave, whatever its status: status mapping is the caller's. */
export interface HttpAnswer {
  status: number;
  text: string;
  /** A response header by case-insensitive name, or null. */
  header(name: string): string | null;
}

/** No answer at all: connection refused or dropped, DNS, or the attempt's time was up. */
export class NetworkFailure extends Error {
  constructor(
    /** The transport's error code (`ECONNREFUSED`, `ECONNRESET`, `ERR_CANCELED`…), `network` when it gave none. */
    readonly code: string,
    readonly timedOut: boolean,
  ) {
    super(`no answer (${code})`);
    this.name = 'NetworkFailure';
  }
}

/** A server that answers below 500 is up, even when it refuses; a 5xx or no answer is not. */
export function answeredUsably(status: number): boolean {
  return status < 500;
}

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ERR_CANCELED']);

// One configuration for every remote service of the desk. No redirects: a 401 must never
// become a login page, and a redirect is a fault of the far side. Every status is an
// answer (validateStatus), and the body stays text so each service decides how to read it.
const http = axios.create({
  maxRedirects: 0,
  responseType: 'text',
  transformResponse: [(data: unknown) => data],
  validateStatus: () => true,
});

/** One exchange, bounded in time. Throws NetworkFailure when nothing came back, nothing else. */
export async function send(request: WireRequest): Promise<HttpAnswer> {
  try {
    const response = await http.request<unknown>({
      method: request.method,
      url: request.url,
      headers: request.headers,
      data: request.body,
      // axios' own timeout is a socket idle timer; the signal bounds the whole exchange,
      // so a server trickling bytes is cut as surely as a silent one.
      timeout: request.timeoutMs,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const headers = response.headers;
    return {
      status: response.status,
      text: typeof response.data === 'string' ? response.data : '',
      header: (name) => {
        const value: unknown = headers[name.toLowerCase()];
        return typeof value === 'string' ? value : null;
      },
    };
  } catch (error) {
    const code = (isAxiosError(error) ? error.code : undefined) ?? 'network';
    throw new NetworkFailure(code, TIMEOUT_CODES.has(code));
  }
}
