import { z } from 'zod';
import { deskErrorCodeSchema } from '../error-schemas';

/**
 * The config probe's result (src-main/publisher/probe.ts), shared so the IPC
 * contract and the renderer can use it. `reason` is a plain English sentence for
 * a technician: HTTP status, contract code or field paths, never patient data.
 */
export const PROBED_CONFIG_ROUTES = ['officePlaces', 'examTypes', 'exams', 'practitioners', 'rooms'] as const;

export const configProbeRouteSchema = z.object({
  route: z.enum(PROBED_CONFIG_ROUTES),
  path: z.string(),
  ok: z.boolean(),
  /** HTTP status of the answer; null when nothing came back. */
  status: z.number().int().nullable(),
  /** The desk error code when the route failed, for the renderer's translation. */
  code: deskErrorCodeSchema.nullable(),
  reason: z.string(),
  /** The server a certificate or proxy failure is about, named by the translated sentence. */
  host: z.string().max(253).nullable().optional(),
  durationMs: z.number().nonnegative(),
  /** Entries in the referential when ok, else null. */
  count: z.number().int().nonnegative().nullable(),
});
export type ConfigProbeRoute = z.infer<typeof configProbeRouteSchema>;

export const configProbeResultSchema = z.object({
  /** Every probed route answered with the contract's shape. */
  ok: z.boolean(),
  routes: z.array(configProbeRouteSchema),
});
export type ConfigProbeResult = z.infer<typeof configProbeResultSchema>;
