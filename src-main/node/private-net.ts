import { addressToBytes } from '../../src-core/address/address';
import { hexToBytes } from '../../src-core/bytes/hex';
import { addressBytesFromPublicKey, publicKeyFromPrivate } from '../../src-core/keys/keys';
import { encodeBase58Check } from '../../src-core/bytes/base58';
import { bytesToHex } from '../../src-core/bytes/hex';
import type { DerivedKey } from './genesis';

/**
 * java-tron's private-network config, as the TRE image (`tronbox/tre`) runs it: `genesis.block`
 * (the reserve accounts, the one representative, the block-0 header fields), its `localwitness` and
 * the `block` and `committee` settings that differ from mainnet. The representative's key is the
 * published `localwitness` 0x…01 (TronBox's sample config and TronWeb's tests use it as TRE's
 * account), so it guards nothing.
 */
export const PRIVATE_NET_GENESIS = {
  /** genesis.block.timestamp = "0". */
  timestamp: 0,
  /** genesis.block.parentHash; TronWeb's tests check it on the earliest block. */
  parentHash: '957dc2d350daecc7bb6a38f3938ebde0a0c1cedafe15f0edae4256a2907449f6',
  /** genesis.block.assets: accountName, accountType AssetIssue, balance in sun. */
  accounts: [
    { name: 'Zion', address: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC', balance: 99_000_000_000_000_000n },
    { name: 'Sun', address: 'TXmVpin5vq5gdZsciyyjdZgKRUju4st1wM', balance: 0n },
    { name: 'Blackhole', address: 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy', balance: -9_223_372_036_854_775_808n },
    { name: 'TestA', address: 'TVdyt1s88BdiCjKt6K2YuoSmpWScZYK1QF', balance: 1_000_000_000_000_000n },
    { name: 'TestB', address: 'TCNVmGtkfknHpKSZXepZDXRowHF7kosxcv', balance: 1_000_000_000_000_000n },
    { name: 'TestC', address: 'TAbzgkG8p3yF5aywKVgq9AaAu6hvF2JrVC', balance: 1_000_000_000_000_000n },
    { name: 'TestD', address: 'TMmmvwvkBPBv3Gkw9cGKbZ8PLznYkTu3ep', balance: 1_000_000_000_000_000n },
    { name: 'TestE', address: 'TBJHZu4Sm86aWHtt6VF6KQSzot8vKTuTKx', balance: 1_000_000_000_000_000n },
  ],
  /** genesis.block.witnesses: Zion, with its localwitness key. */
  witness: {
    privateKey: '0000000000000000000000000000000000000000000000000000000000000001',
    url: 'http://tronstudio.com',
    voteCount: 10_000n,
  },
} as const;

/**
 * Chain parameters of the private net where they differ from mainnet's: its `block` and
 * `committee` settings (a maintenance once a day, unstaking delayed 1 day, account names
 * updatable), and java-tron's DynamicPropertiesStore defaults it keeps where mainnet raised them
 * by proposals (what energy and bandwidth cost, the free bandwidth). Costs decide whether a
 * fee_limit written for TRE suffices.
 *
 * The maintenance interval is the one TRE's image has shipped since it was trontools/quickstart
 * (TRON-US/docker-tron-quickstart, conf/full.conf: `block.maintenanceTimeInterval = 86400000`):
 * a maintenance block, and the two slots java-tron skips after it (DposSlot,
 * MAINTENANCE_SKIP_SLOTS), come once a day instead of interrupting a test run every few minutes.
 */
export const PRIVATE_NET_CHAIN_PARAMETERS = {
  getMaintenanceTimeInterval: 86_400_000n,
  getUnfreezeDelayDays: 1n,
  getAllowUpdateAccountName: 1n,
  getEnergyFee: 100n,
  getTransactionFee: 10n,
  getFreeNetLimit: 5_000n,
} as const;

/**
 * How long one day of `getUnfreezeDelayDays` lasts on TRE: an UnfreezeBalanceV2 matures a minute
 * later, not a day. Stock java-tron counts the delay in FROZEN_PERIOD, a compile-time constant of
 * 86,400,000 ms (Parameter.ChainConstant; UnfreezeBalanceV2Actuator and UnfreezeBalanceV2Processor
 * add `unfreezeDelayDays * FROZEN_PERIOD`), and no config key shortens it; TRE runs its own build of
 * the FullNode (the `tre_*` methods, a mutable BLOCK_PRODUCED_INTERVAL). TronWeb's integration
 * suite, which its maintainers run against TRE (`tronbox/tre:dev`), unstakes, waits 65 s and then
 * expects a withdrawable amount (trx.test.ts `#getCanWithdrawUnfreezeAmount`); until TronWeb 6
 * built transactions locally, its `#withdrawExpireUnfreeze` test also had the node build a
 * WithdrawExpireUnfreeze after that wait, which WithdrawExpireUnfreezeActuator.validate refuses
 * ("no unFreeze balance to withdraw") unless an unstake has matured. A minute is the day those
 * 65 s were written for.
 */
export const PRIVATE_NET_UNFREEZE_DAY_MS = 60_000;

/** AccountType.AssetIssue (java-tron's genesis accounts). */
export const ASSET_ISSUE_ACCOUNT_TYPE = 1;

/** The private net's representative (Zion) as a genesis key: it signs every block and pays the dev funding. */
export function privateNetWitnessKey(): DerivedKey {
  const privateKey = hexToBytes(PRIVATE_NET_GENESIS.witness.privateKey);
  const address = addressBytesFromPublicKey(publicKeyFromPrivate(privateKey));
  return {
    index: 0,
    path: 'localwitness',
    privateKey,
    address,
    hex: bytesToHex(address),
    base58: encodeBase58Check(address),
  };
}

/** The reserve accounts of genesis.block.assets, with their 21-byte addresses. */
export function privateNetAccounts(): { name: string; address: Uint8Array; balance: bigint }[] {
  return PRIVATE_NET_GENESIS.accounts.map((a) => ({
    name: a.name,
    address: addressToBytes(a.address),
    balance: a.balance,
  }));
}
