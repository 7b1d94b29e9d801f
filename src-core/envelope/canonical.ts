import { EnvelopeError } from '../errors';

/**
 * Canonical JSON: object keys sorted by UTF-16 code units, no whitespace, integers only (bigint
 * printed as bare digits, so int64 amounts stay exact), `undefined` members left out. Two equal
 * values always serialize to the same text, which is what hashing and comparing envelopes need.
 */
export function canonicalJson(value: unknown): string {
  return write(value, '$');
}

function write(value: unknown, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'bigint':
      return value.toString();
    case 'number':
      if (!Number.isSafeInteger(value)) {
        throw new EnvelopeError(
          'ENVELOPE_NOT_CANONICAL',
          `The value at ${path} is ${String(value)}; envelopes hold only exact integers (use a bigint or a ` +
            'decimal string).',
          { path },
        );
      }
      return Object.is(value, -0) ? '0' : String(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((item, i) => write(item, `${path}[${i}]`)).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${write(v, `${path}.${k}`)}`).join(',')}}`;
    }
    default:
      throw new EnvelopeError(
        'ENVELOPE_NOT_CANONICAL',
        `The value at ${path} is a ${typeof value}, which JSON cannot hold.`,
        { path },
      );
  }
}

/** Deep copy with every bigint turned into a decimal string: plain JSON any tool can read. */
export function toJsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toJsonSafe);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (v !== undefined) out[k] = toJsonSafe(v);
    return out;
  }
  return value;
}
