import type { KnownName } from './names';

/**
 * One key of a permission as the co-signing progress says it: its place, what kind of key it is,
 * and what it is waiting for. "key 3 — offline signer, waiting for its envelope", "key 2 — Ledger
 * (m/44'/195'/1'/0/0)", "key 1 — vault key, signed".
 */
export function keyText(position: number, known: KnownName | undefined, signed: boolean): string {
  const kind = known?.custodyText && known.custody !== 'watch' ? known.custodyText : 'co-signer';
  const signsHere = known?.accountId != null;
  const state = signed ? ', signed' : signsHere ? '' : ', waiting for its envelope';
  return `key ${position} — ${kind}${state}`;
}
