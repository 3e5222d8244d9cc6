import type { z } from 'zod';
import { ContractError } from './errors';

/**
 * Validates a 2xx answer with its contract schema. Unknown fields pass (loose
 * schemas); a wrong type is CONTRACT_VIOLATION naming field paths only, never
 * values, since a value may be patient data.
 */
export function parseAnswer<S extends z.ZodType>(schema: S, raw: string, operation: string, status: number): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ContractError('CONTRACT_VIOLATION', `The medical system answered ${operation} with something that is not JSON.`, {
      status,
      reason: 'notJson',
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ContractError('CONTRACT_VIOLATION', `The medical system answered ${operation} in an unexpected form (${fieldPaths(parsed.error)}).`, {
      status,
      reason: 'wrongShape',
    });
  }
  return parsed.data;
}

export function fieldPaths(error: z.ZodError, max = 5): string {
  const paths = [...new Set(error.issues.map((issue) => issue.path.map(String).join('.') || '(body)'))];
  return paths.length > max ? `${paths.slice(0, max).join(', ')}, …` : paths.join(', ');
}
