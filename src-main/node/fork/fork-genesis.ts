import { hexToBytes } from '../../../src-core/bytes/hex';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import { DEFAULT_CHAIN_PARAMETERS, withChainParameters } from '../../../src-core/chain/parameters';
import { decodeHeader } from '../model/block';
import type { SealedBlock } from '../model/block';
import { blockBatch } from '../chain/commit';
import type { GenesisInput } from '../chain/genesis';
import { genesisProperties } from '../chain/genesis';
import { taposEntry } from '../chain/indexes';
import { SLOT_MS } from '../consensus/slot-clock';
import { defaultWitnessPermission, newAccount } from '../state/account';
import type { StateBackend } from '../state/backend';
import { ACTIVE_DEFAULT_OPERATIONS } from '../state/dynamic';
import { StateView } from '../state/view';
import type { BatchOp } from '../store/store';
import { key, PREFIX, u64 } from '../store/store';
import type { ForkInfo } from './fork-point';

/**
 * The start of a fork (instead of chain/genesis.ts's block 0): upstream's block 0 and the fork
 * point's block, both as their headers (so the ids, CHAINID and the parent of the fork's first
 * block are upstream's), dynamic properties from upstream (chain parameters, resource totals,
 * maintenance time, genesis time) and the fork's own representatives, which produce from here on:
 * each is the account upstream has at that address (or a new one), made a witness.
 */
export function createForkGenesis(state: StateBackend, input: GenesisInput, info: ForkInfo): BatchOp[] {
  const parameters = forkParameters(info.parameters, input.config.chainParameters);
  const props = genesisProperties({ chainParameters: parameters }, input.witnessKeys, info.genesisTimestamp, info.id);
  props.headNumber = info.number;
  props.headTimestamp = info.timestamp;
  props.solidNumber = info.number;
  props.nextMaintenanceTime = Math.max(info.nextMaintenanceTime, info.timestamp + SLOT_MS);
  props.totalNetWeight = info.totalNetWeight;
  props.totalEnergyWeight = info.totalEnergyWeight;
  props.totalTronPowerWeight = info.totalTronPowerWeight;
  if (info.priceHistories) props.priceHistories = info.priceHistories;
  // On the wall clock, the first block must come after the fork point even when upstream's time ran ahead.
  props.chainTimeOffsetMs = Math.max(0, info.timestamp + SLOT_MS - input.now);
  const view = new StateView(state, props);
  input.witnessKeys.forEach((k, i) => {
    let account = view.mutableAccount(k.hex);
    if (!account) {
      account = newAccount(Uint8Array.from(k.address), {
        createTime: info.timestamp,
        activeOperations: hexToBytes(ACTIVE_DEFAULT_OPERATIONS),
      });
      view.putNewAccount(account);
    }
    account.isWitness = true;
    account.witnessPermission ??= defaultWitnessPermission(account.address);
    view.putWitness({
      address: account.address,
      addressHex: account.addressHex,
      voteCount: 0n,
      url: `http://fork-sr-${i + 1}.local`,
      totalProduced: 0,
      totalMissed: 0,
      latestBlockNum: info.number,
      latestSlotNum: 0,
      isJobs: true,
    });
  });
  const head = decodeHeader(info.headBlock);
  const block: SealedBlock = {
    number: head.number,
    timestamp: head.timestamp,
    id: head.id,
    idHex: info.id,
    bytes: info.headBlock,
    parentHash: head.parentHash,
  };
  return [
    { type: 'put', key: key(PREFIX.block, u64(0)), value: info.genesisBlock },
    { type: 'put', key: key(PREFIX.blockId, hexToBytes(info.genesisId)), value: u64(0) },
    ...blockBatch({ block, packed: [], encoded: [], solidified: [1, 0], props }),
    taposEntry(block),
    ...state.stage(view),
  ];
}

/**
 * Upstream's chain parameters, except where the node was configured with a value other than the
 * default (`--chain-parameter`): the configuration is resolved with the defaults filled in, so a
 * value equal to its default cannot be told from one that was not given.
 */
export function forkParameters(upstream: Partial<ChainParameters>, configured: ChainParameters): ChainParameters {
  const out: Partial<ChainParameters> = { ...upstream };
  for (const name of Object.keys(configured) as (keyof ChainParameters)[])
    if (configured[name] !== DEFAULT_CHAIN_PARAMETERS[name] || out[name] === undefined) out[name] = configured[name];
  return withChainParameters(out);
}
