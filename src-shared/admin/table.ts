import { z } from 'zod';

/**
 * Server-side table paging, sorting and filtering, shaped like the options of
 * Vuetify's `v-data-table-server` so the renderer passes them through unchanged.
 */
export const tableQuerySchema = z.object({
  page: z.number().int().min(1).default(1),
  itemsPerPage: z.number().int().min(1).max(100).default(25),
  sortBy: z
    .array(z.object({ key: z.string().max(64), order: z.enum(['asc', 'desc']).default('asc') }))
    .max(3)
    .default([]),
  search: z.string().trim().max(256).default(''),
});
export type TableQuery = z.output<typeof tableQuerySchema>;
export type TableQueryInput = z.input<typeof tableQuerySchema>;

export function tablePageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().nonnegative() });
}
export interface TablePage<T> {
  items: T[];
  total: number;
}
