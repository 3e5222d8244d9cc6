import { z } from 'zod';
import { DESK_ERROR_CODES } from './errors';

// The errors' contracts, apart from errors.ts: every screen takes DeskError from there, the checks
// that need zod come with the code that checks (main, and screens opened later).

export const deskErrorCodeSchema = z.enum(DESK_ERROR_CODES);
export type DeskErrorCode = z.infer<typeof deskErrorCodeSchema>;

/** One offending input field (`path` as `a.b.0`), for field-level messages; never the value itself. */
export const deskErrorFieldSchema = z.object({ path: z.string().max(256), message: z.string().max(512) });
export type DeskErrorField = z.infer<typeof deskErrorFieldSchema>;

export const deskErrorSchema = z.object({
  code: deskErrorCodeSchema,
  message: z.string(),
  /** Present when the failure is about specific input fields (a platform 400, a rejected upload). */
  fields: z.array(deskErrorFieldSchema).max(100).optional(),
  /** How long before trying again makes sense (wrong passwords or PINs in a row): the renderer says it in words. */
  retryAfterSeconds: z.number().int().positive().optional(),
  /** The server a certificate or proxy failure is about (host name only): the renderer's sentence names it. */
  host: z.string().max(253).optional(),
});
export type DeskErrorData = z.infer<typeof deskErrorSchema>;

/** A failed IPC answer (`DeskResult` with `ok: false`), as the preview bridge checks one. */
export const deskFailureSchema = z.object({ ok: z.literal(false), error: deskErrorSchema });
