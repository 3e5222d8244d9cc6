import { z } from 'zod';

/** Where the signed-in staff member works: the office place whose tickets this desk handles, and the desk. */
export const workplaceSchema = z.object({
  officePlaceId: z.number().int(),
  deskId: z.number().int().nullable(),
  deskLabel: z.string().min(1).max(64),
});
export type Workplace = z.infer<typeof workplaceSchema>;
