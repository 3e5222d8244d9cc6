import type { FastifyServerOptions } from 'fastify';

/** A certificate and its key (PEM) for a sandbox served over HTTPS, as a hospital's servers are. */
export interface SandboxTls {
  cert: string;
  key: string;
}

/**
 * Fastify's options, over HTTPS when a certificate is given. Fastify types an HTTPS instance
 * apart; the sandbox's routes use nothing that differs, so both are handled as the plain one.
 */
export function overTls(options: FastifyServerOptions, tls: SandboxTls | undefined): FastifyServerOptions {
  return tls ? ({ ...options, https: { cert: tls.cert, key: tls.key } } as FastifyServerOptions) : options;
}
