import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { NODE_PROFILE } from '../config';
import {
  ASSET_ISSUE_ACCOUNT_TYPE,
  PRIVATE_NET_GENESIS,
  PRIVATE_NET_UNFREEZE_DAY_MS,
  privateNetAccounts,
} from '../private-net';
import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { NodeConfig } from '../config';
import { SLOT_MS } from '../consensus/slot-clock';
import { DAY_MS } from '../staking/rules';
import type { DerivedKey } from '../genesis';
import { defaultWitnessPermission, newAccount } from '../state/account';
import type { StateBackend } from '../state/backend';
import type { DynamicProperties } from '../state/dynamic';
import {
  ACTIVE_DEFAULT_OPERATIONS,
  AVAILABLE_CONTRACT_TYPE,
  INITIAL_TOKEN_ID_NUM,
  parseProperties,
} from '../state/dynamic';
import { StateView } from '../state/view';
import type { Store } from '../store/store';
import { key, PREFIX, u64 } from '../store/store';
import { decodeHeader } from '../model/block';
import { sealGenesisBlock } from './genesis-block';
import type { BatchOp } from '../store/store';
import { blockBatch } from './commit';
import { taposEntry } from './indexes';
import { startingPriceHistories } from '../governance/price-history';

/**
 * A chain's start: genesis for an empty data directory (java-tron's genesis: the funded accounts,
 * each also a TransferContract in block 0, and the genesis representatives), or the head of an
 * existing one.
 */
export interface GenesisInput {
  readonly config: NodeConfig;
  readonly witnessKeys: readonly DerivedKey[];
  readonly funded: readonly DerivedKey[];
  /** Wall-clock time of the start (ms): genesis goes one slot before it unless configured. */
  readonly now: number;
}

/**
 * The batch that starts a new chain: block 0, its TAPOS entry, the dynamic properties, and the
 * genesis accounts and representatives staged in `state` (the caller writes it and settles the state).
 */
export function createGenesis(state: StateBackend, input: GenesisInput): BatchOp[] {
  const { config, witnessKeys } = input;
  const privateNet = config.profile === NODE_PROFILE.tre;
  // One slot in the past, so that the first block falls on the current wall-clock slot.
  const genesisTimestamp = privateNet
    ? PRIVATE_NET_GENESIS.timestamp
    : Math.floor((config.genesisTimestamp ?? input.now - SLOT_MS) / SLOT_MS) * SLOT_MS;
  const assets = privateNet
    ? privateNetAccounts()
    : input.funded.map((k) => ({ address: k.address, balance: config.accountBalanceSun }));
  const block = sealGenesisBlock({
    timestamp: genesisTimestamp,
    parentHash: privateNet ? hexToBytes(PRIVATE_NET_GENESIS.parentHash) : new Uint8Array(32),
    assets,
  });
  const props = genesisProperties(config, witnessKeys, genesisTimestamp, block.idHex);
  const operations = hexToBytes(ACTIVE_DEFAULT_OPERATIONS);
  const view = new StateView(state, props);
  const create = (address: Uint8Array) =>
    newAccount(Uint8Array.from(address), { createTime: genesisTimestamp, activeOperations: operations });
  if (privateNet) {
    // java-tron Manager.initAccount: each genesis.block asset is an AssetIssue account with its name indexed.
    for (const asset of privateNetAccounts()) {
      const account = create(asset.address);
      account.type = ASSET_ISSUE_ACCOUNT_TYPE;
      account.accountName = new TextEncoder().encode(asset.name);
      account.balance = asset.balance;
      view.putNewAccount(account);
      view.setName(bytesToHex(account.accountName), account.addressHex);
    }
  } else {
    for (const k of input.funded) {
      const account = create(k.address);
      account.balance = config.accountBalanceSun;
      view.putNewAccount(account);
    }
  }
  witnessKeys.forEach((k, i) => {
    const existing = view.getAccount(k.hex);
    const account = existing ? view.mutableAccount(k.hex)! : create(k.address);
    account.isWitness = true;
    account.witnessPermission = defaultWitnessPermission(account.address);
    if (!existing) view.putNewAccount(account);
    view.putWitness({
      address: account.address,
      addressHex: account.addressHex,
      voteCount: privateNet ? PRIVATE_NET_GENESIS.witness.voteCount : 0n,
      url: privateNet ? PRIVATE_NET_GENESIS.witness.url : `http://sr-${i + 1}.local`,
      totalProduced: 0,
      totalMissed: 0,
      latestBlockNum: 0,
      latestSlotNum: 0,
      isJobs: true,
    });
  });
  return [
    ...blockBatch({ block, packed: [], encoded: [], solidified: [1, 0], props }),
    taposEntry(block),
    ...state.stage(view),
  ];
}

/** The dynamic properties of a chain at its block 0. */
export function genesisProperties(
  config: Pick<NodeConfig, 'chainParameters'> & Partial<Pick<NodeConfig, 'profile'>>,
  witnessKeys: readonly Pick<DerivedKey, 'hex'>[],
  genesisTimestamp: number,
  headId: string,
): DynamicProperties {
  const params = config.chainParameters;
  return {
    genesisTimestamp,
    headNumber: 0,
    headId,
    headTimestamp: genesisTimestamp,
    solidNumber: 0,
    stateFlag: 0,
    nextMaintenanceTime: genesisTimestamp + Number(params.getMaintenanceTimeInterval),
    maintenanceCycle: 0,
    chainTimeOffsetMs: 0,
    pendingSkipMs: 0,
    publicNetUsage: 0n,
    publicNetTime: 0,
    burnedSun: 0n,
    totalNetWeight: 0n,
    totalEnergyWeight: 0n,
    totalTronPowerWeight: 0n,
    tokenIdNum: INITIAL_TOKEN_ID_NUM,
    totalSignNum: PROTOCOL_CONSTANTS.TOTAL_SIGN_NUM,
    availableContractType: AVAILABLE_CONTRACT_TYPE,
    activeDefaultOperations: ACTIVE_DEFAULT_OPERATIONS,
    activeWitnesses: witnessKeys.map((k) => k.hex),
    genesisWitnesses: witnessKeys.map((k) => k.hex),
    parameters: params,
    priceHistories: startingPriceHistories(params),
    unfreezeDayMs: config.profile === NODE_PROFILE.tre ? PRIVATE_NET_UNFREEZE_DAY_MS : DAY_MS,
  };
}

/** The head of an existing data directory: its dynamic properties and the id of its block 0. */
export async function loadHead(
  store: Store,
  metaText: string,
): Promise<{ props: DynamicProperties; genesisId: Uint8Array }> {
  const props = parseProperties(metaText);
  const genesisBlock = await store.get(key(PREFIX.block, u64(0)));
  return { props, genesisId: genesisBlock ? decodeHeader(genesisBlock).id : new Uint8Array(32) };
}

/** Whether a data directory's genesis representatives are the ones these keys make. */
export function sameGenesisWitnesses(props: DynamicProperties, witnessKeys: readonly DerivedKey[]): boolean {
  const keys = new Set(witnessKeys.map((k) => k.hex));
  return witnessKeys.length === props.genesisWitnesses.length && props.genesisWitnesses.every((hex) => keys.has(hex));
}
