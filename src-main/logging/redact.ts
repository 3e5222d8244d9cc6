/**
 * The log's boundary: whatever a caller hands the logger, what reaches a line names no patient
 * and holds no secret, so a technician can attach the log files to a support ticket as they are.
 * Callers are asked for codes and counts; this is the net under the ones that forget.
 */

/** Words of a field name whose value is withheld whole: patient data, identifiers and secrets. */
const WITHHELD_WORDS = new Set([
  'name', 'names', 'firstname', 'lastname', 'patient', 'patients', 'birth', 'birthdate', 'dob', 'born', 'ssn', 'nir', 'social',
  'convocation', 'scan', 'scanned', 'barcode', 'qr', 'appointment', 'appointments', 'visible', 'identifier', 'ipp',
  'password', 'passwords', 'passwd', 'secret', 'secrets', 'token', 'tokens', 'jwt', 'authorization', 'authorisation', 'cookie',
  'pin', 'key', 'email', 'mail', 'phone', 'address', 'query', 'body', 'payload', 'headers', 'search', 'term', 'first', 'last',
  'given', 'family', 'maiden', 'display',
]);

/** Shapes of patient data and secrets inside free text, each replaced by what it was. */
const PATTERNS: readonly [RegExp, string][] = [
  // Before the digit runs: a URL's query may carry a name or a code.
  [/([a-z][a-z0-9+.-]*:\/\/[^\s?#"']*)\?[^\s#"']*/gi, '$1?[query]'],
  [/\bBearer\s+\S+/gi, 'Bearer [secret]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  [/[^\s@"'<>()]+@[^\s@"'<>()]+\.[a-z]{2,}/gi, '[email]'],
  [/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}[\d:.]*(?:Z|[+-]\d{2}:?\d{2})?)?/g, '[date]'],
  [/\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/g, '[date]'],
  // Convocation codes (CV-SCAN-0001), visible ids: capitals and a number joined by dashes.
  [/\b[A-Z]{2,}(?:-[A-Z0-9]{2,})+\b/g, '[code]'],
  // Social security numbers, typed birth dates (15031985), phone numbers.
  [/\d{5,}/g, '[number]'],
  // Opaque keys and tokens: a long run of key-like characters.
  [/[A-Za-z0-9+/_=-]{24,}/g, '[secret]'],
];

/** Values the desk knows are secret (the account key): withheld wherever they show up. */
const knownSecrets = new Set<string>();

/** The running profile's account key and the like: never written to a log line, whatever its shape. */
export function keepOutOfLogs(secret: string | null | undefined): void {
  // A very short value would blank common words; keys are long.
  if (secret && secret.length >= 6) knownSecrets.add(secret);
}

const MAX_TEXT = 300;
const MAX_DEPTH = 4;

export function redactText(text: string): string {
  let out = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
  for (const secret of knownSecrets) out = out.split(secret).join('[secret]');
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

function wordsOf(field: string): string[] {
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function isWithheldField(field: string): boolean {
  return wordsOf(field).some((word) => WITHHELD_WORDS.has(word));
}

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || value === undefined) return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Error) return { error: value.name, message: redactText(value.message) };
  if (depth >= MAX_DEPTH) return '[nested]';
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => redactValue(item, depth + 1));
  if (typeof value === 'object') return redactFields(value as Record<string, unknown>, depth + 1);
  return `[${typeof value}]`;
}

function redactFields(fields: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    out[field] = isWithheldField(field) ? '[withheld]' : redactValue(value, depth);
  }
  return out;
}

/** A caller's extra facts as they may be written: withheld fields, scrubbed text, bounded depth. */
export function redactExtra(extra: Record<string, unknown>): Record<string, unknown> {
  return redactFields(extra, 0);
}
