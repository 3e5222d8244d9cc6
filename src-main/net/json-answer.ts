import type { z } from 'zod';

/** The JSON value of a text, or undefined when it is not JSON (an HTML page, an empty body). */
export function readJson(text: string): unknown {
  const decoded = decodeJson(text);
  return decoded.ok ? decoded.value : undefined;
}

/** Decodes without confusing a JSON `null` answer with a body that is not JSON. */
export function decodeJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Field paths of a failed parse, never the values: a value may be patient data. */
export function fieldPaths(error: z.ZodError, max = 5): string {
  const paths = [...new Set(error.issues.map((issue) => issue.path.map(String).join('.') || '(body)'))];
  return paths.length > max ? `${paths.slice(0, max).join(', ')}, …` : paths.join(', ');
}
