/**
 * The largest request the desk reads. Real ones nest five levels at most and hold a few
 * hundred values; the biggest text is a referential upload of 1,000,000 characters. The
 * limits sit far above that and far below what would exhaust the stack or the heap of
 * the validator (a 100,000-deep array, a million values).
 */
export const REQUEST_LIMITS = { depth: 32, values: 100_000, textChars: 4_000_000 } as const;

/** Why a request is refused before validation, in words for the BAD_REQUEST message (never a value). */
export type InputProblem = { kind: 'tooDeep' } | { kind: 'tooLarge' } | { kind: 'unreadable' } | { kind: 'malformedText'; path: string };

/**
 * Walks the request once, iteratively (a recursive walk is what a deep request breaks):
 * nesting depth, number of values and keys, total text, and text that is not well-formed
 * Unicode (a lone surrogate cannot be encoded into a URL, a QR code or a file name).
 * Stops at the first limit crossed, so its own cost is bounded by the limits too.
 */
export function inputProblem(request: unknown, limits: typeof REQUEST_LIMITS = REQUEST_LIMITS): InputProblem | null {
  try {
    return walk(request, limits);
  } catch {
    // Only a caller in this process can hand over a getter or a proxy that throws; IPC and HTTP bring plain data.
    return { kind: 'unreadable' };
  }
}

function walk(request: unknown, limits: typeof REQUEST_LIMITS): InputProblem | null {
  const pending: { value: unknown; depth: number; path: string }[] = [{ value: request, depth: 0, path: '' }];
  let values = 0;
  let textChars = 0;
  const text = (item: string, path: string): InputProblem | null => {
    textChars += item.length;
    if (textChars > limits.textChars) return { kind: 'tooLarge' };
    return isWellFormed(item) ? null : { kind: 'malformedText', path };
  };
  while (pending.length > 0) {
    const { value, depth, path } = pending.pop()!;
    if ((values += 1) > limits.values) return { kind: 'tooLarge' };
    if (typeof value === 'string') {
      const problem = text(value, path);
      if (problem) return problem;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= limits.depth) return { kind: 'tooDeep' };
    const keys = Array.isArray(value) ? null : Object.keys(value);
    const size = keys ? keys.length : (value as unknown[]).length;
    // Counted before they are listed: a million-wide array is refused without a million pushes.
    if (values + size > limits.values) return { kind: 'tooLarge' };
    for (let index = size - 1; index >= 0; index -= 1) {
      const key = keys ? keys[index]! : String(index);
      if (keys) {
        const problem = text(key, path || '(key)');
        if (problem) return problem;
      }
      pending.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, path: path ? `${path}.${key}` : key });
    }
  }
  return null;
}

function isWellFormed(text: string): boolean {
  // String.prototype.isWellFormed (ES2024) without raising the whole project's lib level.
  return !/\p{Surrogate}/u.test(text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));
}
