import type { AlertWords } from '../alert-words';
import type { TxFacts } from '../block-facts';
import { RULES, type AlertDraft, type BlockPoint } from '../types';
import type { WatchedEnvelope } from '../watch-list';

function envelopeName(envelope: WatchedEnvelope, words: AlertWords): string {
  const who = words.name(envelope.owner);
  return envelope.label ? `"${envelope.label}" of ${who}` : `of ${who}`;
}

/** One of our co-signing envelopes packed in a block although this wallet did not broadcast it. */
export function envelopeBroadcastElsewhere(
  facts: TxFacts,
  envelope: WatchedEnvelope | undefined,
  words: AlertWords,
): AlertDraft[] {
  if (envelope === undefined || envelope.broadcastByUs) return [];
  return [
    {
      rule: RULES.envelopeBroadcastElsewhere,
      account: envelope.owner,
      txid: facts.txid,
      title: `The envelope ${envelopeName(envelope, words)} was broadcast by someone else and is on chain.`,
      details: { contractType: facts.type, success: facts.success, expiration: envelope.expiration },
    },
  ];
}

/**
 * Envelopes whose expiration this block reached without their transaction on chain: from this
 * block on the chain refuses it (java-tron Manager.validateCommon: expiration ≤ head block time).
 */
export function expiringEnvelopes(
  block: BlockPoint,
  envelopes: readonly WatchedEnvelope[],
  settled: (txid: string) => boolean,
): WatchedEnvelope[] {
  return envelopes.filter((e) => e.expiration <= block.timestamp && !settled(e.txid));
}

export function envelopeExpired(envelope: WatchedEnvelope, words: AlertWords): AlertDraft {
  return {
    rule: RULES.envelopeExpired,
    account: envelope.owner,
    txid: envelope.txid,
    title:
      `The envelope ${envelopeName(envelope, words)} expired without reaching the chain; propose it again if ` +
      `it is still wanted.`,
    details: { expiration: envelope.expiration, broadcastByUs: envelope.broadcastByUs },
  };
}
