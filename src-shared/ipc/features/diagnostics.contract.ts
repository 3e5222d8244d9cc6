import { z } from 'zod';
import { none, type ChannelSpec } from '../spec';
import type { DIAGNOSTICS_CHANNELS, DIAGNOSTICS_EVENTS } from './diagnostics.names';

/** What runs this desk, as a technician reads it out on the phone. */
export const deskVersionsSchema = z.object({
  app: z.string(),
  /** Null in the browser preview, which runs in Node without Electron. */
  electron: z.string().nullable(),
  chromium: z.string().nullable(),
  node: z.string(),
  /** The operating system, its release and architecture (`Linux 6.1.0 x64`). */
  os: z.string(),
});
export type DeskVersions = z.infer<typeof deskVersionsSchema>;

export const aboutDeskSchema = z.object({
  versions: deskVersionsSchema,
  /** Where the desk keeps its settings, queues and logs/. */
  dataDir: z.string(),
});
export type AboutDesk = z.infer<typeof aboutDeskSchema>;

/** The archive, base64 in the answer: the renderer saves it as a download in both runtimes. */
export const diagnosticsExportSchema = z.object({
  fileName: z.string(),
  base64: z.string(),
  /** The archive's entries, so the technician is told what it holds. */
  entries: z.array(z.string()),
});
export type DiagnosticsExport = z.infer<typeof diagnosticsExportSchema>;

export const diagnosticsContract = {
  'diagnostics/about': { request: none, response: aboutDeskSchema },
  'diagnostics/export': { request: none, response: diagnosticsExportSchema },
} as const satisfies Record<(typeof DIAGNOSTICS_CHANNELS)[number], ChannelSpec>;
export const diagnosticsEvents = {} as const satisfies Record<(typeof DIAGNOSTICS_EVENTS)[number], z.ZodType>;
