/**
 * JSON.parse without prototype keys: the body is parsed by hand (the raw text is
 * needed first to decrypt it), so the poisoning protection fastify would apply
 * is applied here. Throws SyntaxError on malformed text, RangeError on absurd
 * nesting; callers turn both into a contract error.
 */
export function parseJsonText(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value));
}
