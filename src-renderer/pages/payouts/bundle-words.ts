import { toBase58Address } from '../../../src-core/address/address';
import type { PayoutRunView } from '../../../src-core/ipc/channels/payouts';
import type { Trc20Token } from '../../../src-core/ipc/channels/tokens';
import { formatCount, formatToken, formatTrx } from '../../format/amounts';

type TokenFacts = Pick<Trc20Token, 'address' | 'symbol' | 'decimals'>;

/** The contract of a `TRC20:` asset in T… form: main's totals name it in hex (41…), its rows in T… form. */
function contractOf(asset: string): string {
  const contract = asset.slice('TRC20:'.length);
  return /^41[0-9a-fA-F]{40}$/.test(contract) ? toBase58Address(contract) : contract;
}

/** The asset's short name: TRX, a watched token's symbol, or which kind of token it is. */
export function bundleAssetName(asset: string, tokens: readonly TokenFacts[]): string {
  if (asset === 'TRX') return 'TRX';
  if (asset.startsWith('TRC20:')) {
    const contract = contractOf(asset);
    return tokens.find((t) => t.address === contract)?.symbol ?? `TRC-20 ${contract}`;
  }
  return `TRC-10 ${asset.slice('TRC10:'.length)}`;
}

/**
 * Wording of a bundle's payments. Main names each asset as `TRX`, `TRC10:<id>` or
 * `TRC20:<contract>`; a watched token gives the symbol and decimals, any other is shown in base
 * units with its contract, so an unknown token is never worded as if its decimals were known.
 */
export function bundleAmount(asset: string, amount: bigint, tokens: readonly TokenFacts[]): string {
  if (asset === 'TRX') return formatTrx(amount);
  if (asset.startsWith('TRC20:')) {
    const contract = contractOf(asset);
    const token = tokens.find((t) => t.address === contract);
    return token
      ? formatToken(amount, token.decimals, token.symbol)
      : `${formatCount(amount)} base units of token ${contract}`;
  }
  return `${formatCount(amount)} base units of TRC-10 token ${asset.slice('TRC10:'.length)}`;
}

const STATUS_WORDS: Readonly<Record<PayoutRunView['rows'][number]['status'], string>> = {
  unsigned: 'Not signed',
  waiting: 'Waiting to be sent',
  sending: 'Being sent',
  sent: 'Sent, waiting for a block',
  packed: 'In a block',
  confirmed: 'Confirmed',
  failed: 'Failed',
  expired: 'Expired',
};

/** A row's status as the run table says it: the reason rides along for a failed or expired row. */
export function runRowStatus(row: Pick<PayoutRunView['rows'][number], 'status' | 'reason'>): string {
  const words = STATUS_WORDS[row.status];
  return (row.status === 'failed' || row.status === 'expired') && row.reason ? `${words}: ${row.reason}` : words;
}

/** "150 confirmed, 2 failed" in the order a run moves through. */
export function runCounts(run: Pick<PayoutRunView, 'counts'>): string {
  return Object.keys(STATUS_WORDS)
    .filter((status) => (run.counts[status] ?? 0) > 0)
    .map(
      (status) =>
        `${formatCount(run.counts[status]!)} ${STATUS_WORDS[status as keyof typeof STATUS_WORDS].toLowerCase()}`,
    )
    .join(', ');
}

/** "1a2b3c4d…9e8f7a6b": a txid fits a table cell; the full one is in the title and for screen readers. */
export function shortTxid(txid: string): string {
  return txid.length > 20 ? `${txid.slice(0, 8)}…${txid.slice(-8)}` : txid;
}
