/**
 * Where in a JSON value a schema found a problem, as `entries[3].body.signer` (a zod issue's path),
 * so a message can point at the field; the value itself is the empty text.
 */
export function valuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  return out;
}
