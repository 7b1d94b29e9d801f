import type { PreparedTxView, SummaryLine } from '../../src-core/ipc/channels/tx';
import { formatTrx } from './amounts';
import { expiryInWords, formatTime } from './time';

/**
 * The lines of the builder's review: what main built, who signs it and when it expires. The memo
 * is part of the signed bytes and is written on chain for anyone to read, so it is shown too.
 */
export function reviewLines(prepared: PreparedTxView, timeZone?: string): SummaryLine[] {
  return [
    ...prepared.summary,
    { label: 'Who signs', value: prepared.signing.explanation },
    { label: 'Expires', value: expiryInWords(prepared.expiration, prepared.headTime, timeZone) },
    ...(prepared.memo ? [{ label: 'Memo', value: prepared.memo }] : []),
    ...(prepared.feeLimitSun !== null ? [{ label: 'Fee limit', value: formatTrx(prepared.feeLimitSun) }] : []),
    ...(prepared.contractAddress ? [{ label: 'New contract address', value: prepared.contractAddress }] : []),
    { label: 'Transaction id', value: prepared.txid },
  ];
}

/**
 * Main's summary of an envelope with its expiry in the app's one date format: main states it in
 * UTC, the same on every computer; a person reads it in this computer's zone, named.
 */
export function summaryInLocalTime(lines: readonly SummaryLine[], expiresAt: number): SummaryLine[] {
  return lines.map((line) =>
    line.label === 'Expires' ? { ...line, value: `${formatTime(expiresAt)} (chain time)` } : line,
  );
}
