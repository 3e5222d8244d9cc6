import { z } from 'zod';

/** What every IPC channel declares: the request main accepts and the response it answers. */
export interface ChannelSpec {
  request: z.ZodType;
  response: z.ZodType;
}

/** A call without arguments: the renderer passes nothing, main receives `undefined`. */
export const none = z.undefined();
