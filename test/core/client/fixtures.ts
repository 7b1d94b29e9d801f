// Node answers recorded from java-tron, as quoted in ../shared/reference/java-tron-http.md
// (DOC Nile captures, §2.5, §4, §8) and tronweb-client.md §5, plus TronWeb-built transactions from
// ../shared/vectors where a capture is trimmed in the reference.
import { vectors } from '../../fixtures/vectors';

/** Nile owner/receiver of the captured transfer (§8 vector 1). */
export const NILE_OWNER = '41dd791d6b49e190062d650e6a23c575510d35f2f9';
export const NILE_TO = '4192ad11c1bf16b3b14b0bd6b5c7e2db73a0b5e83a';

/** /wallet/createtransaction on Nile (§2.5 shape, §8 vector 1 values; txID = sha256(raw_data_hex)). */
export const NILE_TRANSFER = {
  visible: false,
  txID: '6303c7639f591407ef9f34a7ac8c9c9a21151f5a6af21924502515734fc267ab',
  raw_data: {
    contract: [
      {
        parameter: {
          value: { amount: 1000000, owner_address: NILE_OWNER, to_address: NILE_TO },
          type_url: 'type.googleapis.com/protocol.TransferContract',
        },
        type: 'TransferContract',
      },
    ],
    ref_block_bytes: '2927',
    ref_block_hash: '939ece39d08a7abe',
    expiration: 1777447527000,
    timestamp: 1777447470038,
  },
  raw_data_hex:
    '0a0229272208939ece39d08a7abe40d8c483c1dd335a67080112630a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412320a1541dd791d6b49e190062d650e6a23c575510d35f2f912154192ad11c1bf16b3b14b0bd6b5c7e2db73a0b5e83a18c0843d70d68780c1dd33',
};

function vector(name: string) {
  const found = vectors.transactions.find((t: { name: string }) => t.name === name);
  if (!found) throw new Error(`vector ${name} missing`);
  return found;
}

/** A node's unsigned answer for a vector transaction: the same JSON without signatures. */
export function unsignedFromVector(name: string): Record<string, unknown> {
  const { signature: _signature, ...unsigned } = vector(name).tronweb_transaction_json;
  return unsigned;
}

export function signedFromVector(name: string): Record<string, unknown> {
  return structuredClone(vector(name).tronweb_transaction_json);
}

export const K1 = vectors.keys.K1 as { hex: string; base58: string };
export const K2 = vectors.keys.K2 as { hex: string; base58: string };
export const K3 = vectors.keys.K3 as { hex: string; base58: string };

/** getaccount as in the DOC example of §4.2 (keys and defaults as java-tron prints them). */
export const NILE_ACCOUNT = {
  address: NILE_OWNER,
  balance: 2091624700,
  create_time: 1715062917000,
  latest_opration_time: 1777447527000,
  free_net_usage: 267,
  latest_consume_free_time: 1777447524000,
  net_window_size: 28800000,
  net_window_optimized: true,
  account_resource: {
    energy_window_size: 28800000,
    latest_consume_time_for_energy: 1777437762000,
    energy_window_optimized: true,
  },
  owner_permission: { permission_name: 'owner', threshold: 1, keys: [{ address: NILE_OWNER, weight: 1 }] },
  active_permission: [
    {
      type: 'Active',
      id: 2,
      permission_name: 'active',
      threshold: 1,
      operations: '7fff1fc0033efb0f000000000000000000000000000000000000000000000000',
      keys: [{ address: NILE_OWNER, weight: 1 }],
    },
  ],
  frozenV2: [{}, { type: 'ENERGY' }, { type: 'TRON_POWER' }],
  assetV2: [{ key: '1000001', value: 5000 }],
  free_asset_net_usageV2: [{ key: '1000001', value: 0 }],
  asset_optimized: true,
};

/** gettransactioninfobyid of a Nile contract deployment (§4.7; ids the reference elides filled in). */
export const NILE_DEPLOY_INFO = {
  id: '7fe721c3f85b6c1c9491df43778c98903b565bc4210592f449f41342041729b3',
  fee: 5254500,
  blockNumber: 66985120,
  blockTimeStamp: 1777437762000,
  contractResult: [''],
  contract_address: '41584587b353166787b37d1b05a4a91e59c5370bcf',
  receipt: { energy_fee: 4458500, energy_usage_total: 44585, net_fee: 796000, result: 'SUCCESS' },
  log: [
    {
      address: '584587b353166787b37d1b05a4a91e59c5370bcf',
      topics: ['ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'],
      data: '00000000000000000000000000000000000000000000000000000000000003e8',
    },
  ],
  internal_transactions: [
    {
      hash: 'c01b5ef2b13fc8e0bb4bc8b55d7fae4f2fa1e9a52b4bc4cba05b1c25b0a4e1a0',
      caller_address: '41584587b353166787b37d1b05a4a91e59c5370bcf',
      transferTo_address: NILE_TO,
      callValueInfo: [{}],
      note: '63616c6c',
    },
  ],
};

/** A plain TRX transfer (§4.7): no fee, only bandwidth in the receipt. */
export const TRANSFER_INFO = {
  id: NILE_TRANSFER.txID,
  blockNumber: 66985125,
  blockTimeStamp: 1777447473000,
  contractResult: [''],
  receipt: { net_usage: 267 },
};

/** getnodeinfo (§4.6; a Java bean, not protobuf JSON). */
export const NILE_NODE_INFO = {
  beginSyncNum: 66985000,
  block: 'Num:66985120,ID:0000000003fe1ca0d3f5a4b1c2e9e2e0f3b9a5d6c7e8f9a0b1c2d3e4f5a6b7c8',
  solidityBlock: 'Num:66985101,ID:0000000003fe1c8d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d',
  currentConnectCount: 30,
  activeConnectCount: 8,
  passiveConnectCount: 22,
  totalFlow: 0,
  peerList: [],
  configNodeInfo: {
    codeVersion: '4.8.1',
    versionNum: '18631',
    p2pVersion: '201910292',
    listenPort: 18888,
    discoverEnable: true,
    activeNodeSize: 0,
    passiveNodeSize: 0,
    sendNodeSize: 0,
    maxConnectCount: 30,
    sameIpMaxConnectCount: 2,
    backupListenPort: 10001,
    backupMemberSize: 0,
    backupPriority: 8,
    dbVersion: 2,
    minParticipationRate: 15,
    supportConstant: true,
    minTimeRatio: 0.0,
    maxTimeRatio: 5.0,
    allowCreationOfContracts: 1,
    allowAdaptiveEnergy: 1,
  },
  machineInfo: { threadCount: 150, cpuCount: 8, totalMemory: 33554432000, javaVersion: '1.8.0_412', osName: 'Linux' },
  cheatWitnessInfoMap: {},
};

/** §4.1 block JSON with one transaction. */
export function nileBlock(options: { withTransactions: boolean }) {
  return {
    blockID: '0000000003fe1ca0d3f5a4b1c2e9e2e0f3b9a5d6c7e8f9a0b1c2d3e4f5a6b7c8',
    block_header: {
      raw_data: {
        number: 66985120,
        txTrieRoot: options.withTransactions ? '7f3e2d1c0b0a09080706050403020100f1e2d3c4b5a69788796a5b4c3d2e1f00' : '0'.repeat(64),
        witness_address: '41a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9',
        parentHash: '0000000003fe1c9f0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071',
        version: 34,
        timestamp: 1777437762000,
      },
      witness_signature: 'ab'.repeat(65),
    },
    ...(options.withTransactions ? { transactions: [{ ...NILE_TRANSFER, visible: undefined, ret: [{ contractRet: 'SUCCESS' }] }] } : {}),
  };
}
