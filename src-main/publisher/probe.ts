import { performance } from 'node:perf_hooks';
import { isDeskError } from '../../src-shared/errors';
import { CONFIG_ROUTES } from '../../src-shared/publisher/schemas';
import {
  PROBED_CONFIG_ROUTES,
  type ConfigProbeResult,
  type ConfigProbeRoute,
} from '../../src-shared/publisher/probe';
import type { RetryPolicy } from '../net/retry';
import type { PublisherClient } from './client';
import { isContractError } from './errors';

export {
  configProbeResultSchema,
  configProbeRouteSchema,
  PROBED_CONFIG_ROUTES,
  type ConfigProbeResult,
  type ConfigProbeRoute,
} from '../../src-shared/publisher/probe';

/** One attempt per route: a probe reports what the publisher does now, it does not insist. */
export const PROBE_RETRY_POLICY: RetryPolicy = { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, totalBudgetMs: 0 };
export const PROBE_TIMEOUT_MS = 5_000;

export interface ProbeOptions {
  timeoutMs?: number;
  retry?: RetryPolicy;
}

/**
 * Probes the five config routes the platform probes on activation (every one but
 * document-types), in parallel: each must answer 200 with the contract's shape.
 * An empty list is a success (the contract accepts it).
 */
export async function probeConfigRoutes(client: PublisherClient, options: ProbeOptions = {}): Promise<ConfigProbeResult> {
  const overrides = { retry: options.retry ?? PROBE_RETRY_POLICY, timeoutMs: options.timeoutMs ?? PROBE_TIMEOUT_MS };
  const routes = await Promise.all(
    PROBED_CONFIG_ROUTES.map(async (route): Promise<ConfigProbeRoute> => {
      const { path } = CONFIG_ROUTES[route];
      const started = performance.now();
      try {
        const answer = await client.getConfig(route, overrides);
        // The answer's list sits under the route's own name (officePlaces → {officePlaces: […]}).
        const items: unknown = (answer as Record<string, unknown>)[route];
        const count = Array.isArray(items) ? items.length : 0;
        const durationMs = elapsed(started);
        return { route, path, ok: true, status: 200, code: null, reason: `Answered with ${count} ${count === 1 ? 'entry' : 'entries'}.`, durationMs, count };
      } catch (error) {
        return {
          route,
          path,
          ok: false,
          status: isContractError(error) ? error.status : null,
          code: isDeskError(error) ? error.code : 'INTERNAL',
          // Desk error messages are written for technicians and carry no patient data.
          reason: isDeskError(error) ? error.message : 'Unexpected failure while probing the route.',
          host: isDeskError(error) ? (error.host ?? null) : null,
          durationMs: elapsed(started),
          count: null,
        };
      }
    }),
  );
  return { ok: routes.every((route) => route.ok), routes };
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}
