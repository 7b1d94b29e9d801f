import type { WatchRules, WatchedAccountView } from '../../../src-core/ipc/channels/watch';
import { toBase58Address } from '../../../src-core/address/address';
import { formatTrx, formatUnits } from '../../../src-core/units';
import type { ConsentDraft } from './consent-gate';
import type { ConsentRow } from './consent-request';
import { pageNames } from './page-names';

/**
 * Main's confirmation of a watchtower rule turned off or made less sensitive: a page that could
 * do it silently could blind the alerts before moving funds. Turning a rule on or making it more
 * sensitive needs no approval (null).
 */
const SWITCHES = [
  ['permissionChanged', 'Permission changes'],
  ['unexpectedSigner', 'Unexpected signers'],
  ['outgoingValue', 'Outgoing value'],
  ['stakingChanged', 'Staking changes'],
  ['contractSettings', 'Contract settings'],
  ['balanceFloor', 'Balance floor'],
] as const satisfies readonly (readonly [keyof WatchRules, string])[];

export function watchRulesConsent(account: WatchedAccountView, next: WatchRules): ConsentDraft | null {
  const before = account.rules;
  const rows: ConsentRow[] = [];
  for (const [key, name] of SWITCHES) if (before[key] && !next[key]) rows.push({ label: name, value: 'On → off' });
  // A higher threshold lets larger transfers pass unreported; a lower floor reports later.
  if (next.outgoingValue && next.outgoingTrxSun > before.outgoingTrxSun)
    rows.push({ label: 'Outgoing value above', value: `${trx(before.outgoingTrxSun)} → ${trx(next.outgoingTrxSun)}` });
  if (next.outgoingValue) rows.push(...tokenThresholdRows(before, next));
  if (next.balanceFloor && next.floorTrxSun < before.floorTrxSun)
    rows.push({ label: 'Balance floor', value: `${trx(before.floorTrxSun)} → ${trx(next.floorTrxSun)}` });
  rows.push(...expectedSignerRows(before, next));
  if (rows.length === 0) return null;
  return {
    kind: 'wallet-setting',
    title: 'Weaken the watchtower for an account',
    rows: [
      { label: 'Account', value: account.address, monospace: true },
      ...(account.label
        ? [
            {
              label: 'Name',
              value: pageNames.setByPage(account.address, account.label)
                ? `${account.label} (a name the app’s page set in this session)`
                : account.label,
            },
          ]
        : []),
      ...rows,
    ],
    warnings: ['Activity these rules would report goes unreported for this account.'],
    password: { required: false, reason: 'Weakening an alert rule needs your approval here.' },
    approveLabel: 'Weaken the rules',
    declinedAct: `weakening the watchtower rules of ${account.address}`,
  };
}

/**
 * Who the signer rule expects, changed so that a signer reported before may pass: an address added
 * to the list, or the source switched either way (the chain's keys on: every key on chain passes;
 * off: only the list, or the keys the account had when watching began, which may since be gone).
 * Checked whether or not the rule is on now, so that changing it while off is no way around this.
 */
function expectedSignerRows(before: WatchRules, next: WatchRules): ConsentRow[] {
  const rows: ConsentRow[] = [];
  if (before.signersFromChain !== next.signersFromChain)
    rows.push({
      label: 'Expected signers',
      value: next.signersFromChain
        ? 'Only those listed → also every key of the account’s permissions on chain'
        : `Every key on chain → ${next.expectedSigners.length > 0 ? 'only those listed' : 'the keys the account had when watching began'}`,
    });
  const known = new Set(before.expectedSigners.map(base58));
  for (const signer of next.expectedSigners.map(base58)) {
    if (known.has(signer)) continue;
    known.add(signer);
    rows.push({ label: 'Expected signer added', value: signer, monospace: true });
  }
  return rows;
}

function base58(address: string): string {
  return toBase58Address(address);
}

function trx(sun: bigint): string {
  return formatTrx(sun, { group: true, withUnit: true });
}

/**
 * A token threshold raised, so larger token payments pass unreported. The token is named by main's
 * own facts (the tokens the person watches), never by the symbol the page sent; a token main does
 * not know is shown by its contract, in base units.
 */
function tokenThresholdRows(before: WatchRules, next: WatchRules): ConsentRow[] {
  const rows: ConsentRow[] = [];
  for (const threshold of next.outgoingTokens) {
    const token = base58(threshold.token);
    const known = before.outgoingTokens.find((t) => base58(t.token) === token);
    const was = known?.above ?? 0n;
    if (threshold.above <= was) continue;
    const amount = (units: bigint) =>
      known
        ? `${formatUnits(units, known.decimals, { group: true })} ${known.symbol}`
        : `${units.toLocaleString('en-US')} base units`;
    rows.push({
      label: known ? `Outgoing ${known.symbol} above` : `Outgoing token ${token} above`,
      value: `${amount(was)} → ${amount(threshold.above)}`,
    });
  }
  return rows;
}
