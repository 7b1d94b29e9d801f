/** A zod issue path as `entries[3].body.signer`, so a message can point at the field. */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  return out || 'the value';
}
