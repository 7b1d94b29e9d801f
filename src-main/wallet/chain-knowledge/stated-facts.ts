import {
  STATED_LIMITS,
  statedNameFits,
  statedTokenFits,
  type Envelope,
  type StatedFacts,
  type StatedName,
  type StatedToken,
} from '../../../src-core/envelope';
import { toHexAddress } from '../../../src-core/address/address';
import { tokensMoved, trc10Key, type TokenFact, type TokenFacts } from './describe';
import type { Names } from './names';

/**
 * The proposer's side: what this wallet knows about the tokens an envelope moves and the
 * addresses it mentions (the transaction's and the permission's keys), written into the envelope
 * so a co-signer with no node (the offline signer) or no such facts can read it. Only this
 * wallet's own knowledge goes in (never a name another proposer stated), and only entries a
 * reader would accept (stated.ts), so a long or odd label is left out rather than refused.
 */
export function statedFactsOf(
  envelope: Pick<Envelope, 'summary' | 'permission'>,
  names: Names,
  tokens: TokenFacts,
): StatedFacts | undefined {
  const moved = tokensMoved(envelope.summary);
  const stated: StatedToken[] = [];
  for (const contract of moved.trc20) {
    const fact = tokens.get(contract);
    if (fact && !fact.stated) stated.push({ asset: 'TRC20', contract, symbol: fact.symbol, decimals: fact.decimals });
  }
  for (const tokenId of moved.trc10) {
    const fact = tokens.get(trc10Key(tokenId));
    if (fact && !fact.stated) stated.push({ asset: 'TRC10', tokenId, symbol: fact.symbol, decimals: fact.decimals });
  }
  const statedNames: StatedName[] = [];
  for (const address of addressesOf(envelope)) {
    const known = names.get(address);
    if (known) statedNames.push({ address, name: known.name });
  }
  const tokensOut = stated.filter(statedTokenFits).slice(0, STATED_LIMITS.tokens);
  const namesOut = statedNames.filter(statedNameFits).slice(0, STATED_LIMITS.names);
  if (tokensOut.length === 0 && namesOut.length === 0) return undefined;
  return { ...(tokensOut.length ? { tokens: tokensOut } : {}), ...(namesOut.length ? { names: namesOut } : {}) };
}

/** The addresses a co-signer reads in the envelope: the acting account, receivers, votes, keys. */
function addressesOf(envelope: Pick<Envelope, 'summary' | 'permission'>): string[] {
  const s = envelope.summary;
  const all = [
    s.owner,
    ...s.recipients,
    ...(s.votes ?? []).map((v) => v.address),
    ...(s.call ? [s.call.contract] : []),
    ...(s.call?.decoded?.effects ?? []).flatMap((e) => (e.asset === 'TRC20' ? [e.to] : [])),
    ...(envelope.permission?.keys ?? []).map((k) => k.address),
  ];
  const hex = all.flatMap((a) => {
    try {
      return [toHexAddress(a).toLowerCase()];
    } catch {
      return [];
    }
  });
  return [...new Set(hex)];
}

/**
 * This wallet's token facts with the proposer's statement filling the gaps: a token only the
 * proposer describes is marked stated; where both describe it and disagree, this wallet's facts
 * are shown and the proposer's kept beside them to be said.
 */
export function withStatedTokens(own: TokenFacts, stated: StatedFacts | undefined): TokenFacts {
  if (!stated?.tokens?.length) return own;
  const out = new Map<string, TokenFact>(own);
  for (const token of stated.tokens) {
    const key = token.asset === 'TRC20' ? token.contract.toLowerCase() : trc10Key(token.tokenId);
    const mine = own.get(key);
    const said = { symbol: token.symbol, decimals: token.decimals };
    if (!mine) out.set(key, { ...said, stated: true });
    else if (mine.symbol !== said.symbol || mine.decimals !== said.decimals)
      out.set(key, { ...mine, proposerSaid: said });
  }
  return out;
}
