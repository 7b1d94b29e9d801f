import type { TxId } from '../../src-core/brand';
import type { TransactionInfo } from '../../src-core/client/types';
import {
  accountPermissionsFromAccountJson,
  accountPermissionsFromUpdate,
  type AccountPermissions,
} from '../../src-core/permission/model';
import { alertWords } from './alert-words';
import { addressesTouched, blockFacts, type ScannedBlock, type TxFacts } from './block-facts';
import type { ChainSource } from './chain-source';
import { contractSettings } from './rules/contract-settings';
import type { RuleContext } from './rules/context';
import { envelopeBroadcastElsewhere, envelopeExpired, expiringEnvelopes } from './rules/envelopes';
import { outgoingValue } from './rules/outgoing-value';
import { permissionChanged } from './rules/permission-changed';
import { policyBreach, policyOutflows } from './rules/policy-breach';
import { rememberOutflows, seenOutflows } from './outflow-memory';
import { stakingChanged } from './rules/staking-changed';
import { unexpectedSigner } from './rules/unexpected-signer';
import type { ScanState } from './state';
import { currentPermissions, recordPermissions } from './tracks';
import type { AlertDraft } from './types';
import type { WatchList } from './watch-list';

/**
 * The structure a successful AccountPermissionUpdate of its owner leaves, or undefined for any
 * other transaction. A value this reader cannot parse (the chain validated it) is replaced by
 * the account as the node has it now: the expected signers must follow the change either way.
 */
async function permissionUpdate(
  facts: TxFacts,
  source: Pick<ChainSource, 'account'>,
): Promise<AccountPermissions | undefined> {
  if (facts.type !== 'AccountPermissionUpdateContract' || !facts.success || !facts.owner) return undefined;
  try {
    return accountPermissionsFromUpdate(facts.value);
  } catch {
    const account = await source.account(facts.owner);
    try {
      return account ? accountPermissionsFromAccountJson(account.raw) : undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * Runs every rule over one block and updates what the scanner follows (permissions, last touch,
 * envelopes seen or expired) in `scan`. Returns the findings in block order.
 */
export async function scanBlock(
  scan: ScanState,
  block: ScannedBlock,
  infos: readonly TransactionInfo[],
  list: WatchList,
  source: Pick<ChainSource, 'isOnChain' | 'account'>,
): Promise<AlertDraft[]> {
  const drafts: AlertDraft[] = [];
  const accounts = new Map(list.accounts.map((a) => [a.address as string, a]));
  const envelopes = new Map(list.envelopes.map((e) => [e.txid as string, e]));
  const watching = accounts.size > 0 || envelopes.size > 0;
  const words = alertWords(list);
  for (const facts of watching ? blockFacts(block, infos) : []) {
    const envelope = envelopes.get(facts.txid);
    if (envelope) {
      scan.envelopes[facts.txid] = { ...scan.envelopes[facts.txid], seenAt: block.number };
      drafts.push(...envelopeBroadcastElsewhere(facts, envelope, words));
    }
    for (const address of addressesTouched(facts)) {
      const account = accounts.get(address);
      const track = scan.accounts[address];
      if (!account || !track) continue;
      track.lastTouch = { block: block.number, blockId: block.id, timestamp: block.timestamp, txid: facts.txid };
      const ctx: RuleContext = {
        account,
        permissions: currentPermissions(track),
        baseline: track.baseline,
        knownAddresses: list.knownAddresses,
        words,
      };
      const after = facts.owner === address ? await permissionUpdate(facts, source) : undefined;
      if (after) {
        drafts.push(...permissionChanged(facts, after, ctx));
        recordPermissions(track, block.number, after);
      }
      drafts.push(
        ...unexpectedSigner(facts, ctx),
        ...outgoingValue(facts, ctx),
        ...stakingChanged(facts, ctx),
        ...contractSettings(facts, ctx),
      );
      const watched = list.policies?.policyFor(account.address);
      if (watched) {
        drafts.push(...policyBreach(facts, ctx, watched, seenOutflows(track), block.timestamp));
        const flows = policyOutflows(facts, account.address);
        if (flows.length > 0) {
          const seen = flows.map((f) => ({
            block: block.number,
            time: block.timestamp,
            asset: f.asset,
            amount: f.amount,
          }));
          rememberOutflows(track, seen, block.timestamp);
        }
      }
    }
  }
  const settled = (txid: string): boolean => {
    const entry = scan.envelopes[txid];
    return entry?.seenAt !== undefined || entry?.expiredAt !== undefined;
  };
  for (const envelope of expiringEnvelopes(block, list.envelopes, settled)) {
    // Packed before watching began (or before this wallet learnt of it): not an expiry.
    if (await source.isOnChain(envelope.txid as TxId)) {
      scan.envelopes[envelope.txid] = { seenAt: 0 };
      continue;
    }
    scan.envelopes[envelope.txid] = { expiredAt: block.number };
    drafts.push(envelopeExpired(envelope, words));
  }
  return drafts;
}
