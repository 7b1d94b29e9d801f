/**
 * Public TRON networks the wallet knows by name. A network is identified by its genesis block id
 * (`getblockbynum {"num":0}` → `blockID`); TRON transactions carry no chain id, so comparing the
 * genesis id is how a wallet notices that a URL points at a different chain than expected.
 *
 * The genesis ids were cross-checked in several independent public sources; each one ends in the
 * network's TVM chain id (java-tron OperationActions.chainIdAction: CHAINID = last 4 bytes of the genesis id — mainnet
 * 2b6653dc, Nile cd8690dc, Shasta 94a9059e).
 */

export const NetworkId = {
  mainnet: 'mainnet',
  nile: 'nile',
  shasta: 'shasta',
  custom: 'custom',
} as const;
export type NetworkId = (typeof NetworkId)[keyof typeof NetworkId];

export interface NetworkPreset {
  readonly id: NetworkId;
  readonly name: string;
  /** Origin serving `/wallet/*` (and, for TronGrid, `/walletsolidity/*` too). Absent for `custom`. */
  readonly fullNodeUrl: string | undefined;
  /** Origin serving `/walletsolidity/*`; TronGrid serves both prefixes on one host. */
  readonly solidityNodeUrl: string | undefined;
  /** blockID of block 0 as lowercase hex; `undefined` when not known in advance. */
  readonly genesisBlockId: string | undefined;
  /** TronGrid throttles requests without a `TRON-PRO-API-KEY` hard on mainnet. */
  readonly apiKeyRecommended: boolean;
  readonly testnet: boolean;
}

export const NETWORKS: Readonly<Record<NetworkId, NetworkPreset>> = {
  mainnet: {
    id: 'mainnet',
    name: 'TRON Mainnet',
    fullNodeUrl: 'https://api.trongrid.io',
    solidityNodeUrl: 'https://api.trongrid.io',
    genesisBlockId: '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc',
    apiKeyRecommended: true,
    testnet: false,
  },
  nile: {
    id: 'nile',
    name: 'Nile Testnet',
    fullNodeUrl: 'https://nile.trongrid.io',
    solidityNodeUrl: 'https://nile.trongrid.io',
    genesisBlockId: '0000000000000000d698d4192c56cb6be724a558448e2684802de4d6cd8690dc',
    apiKeyRecommended: false,
    testnet: true,
  },
  shasta: {
    id: 'shasta',
    name: 'Shasta Testnet',
    fullNodeUrl: 'https://api.shasta.trongrid.io',
    solidityNodeUrl: 'https://api.shasta.trongrid.io',
    genesisBlockId: '0000000000000000de1aa88295e1fcf982742f773e0419c5a9c134c994a9059e',
    apiKeyRecommended: false,
    testnet: true,
  },
  // A node the user points at (for example our embedded node, whose genesis is derived from its
  // own mnemonic): nothing is known in advance, so the URL and genesis id come from the user/node.
  custom: {
    id: 'custom',
    name: 'Custom node',
    fullNodeUrl: undefined,
    solidityNodeUrl: undefined,
    genesisBlockId: undefined,
    apiKeyRecommended: false,
    testnet: false,
  },
};

/** The named network whose genesis block id this is, or `undefined` (a custom or unknown chain). */
export function networkByGenesisId(genesisBlockId: string): NetworkPreset | undefined {
  const id = genesisBlockId.toLowerCase().replace(/^0x/, '');
  return Object.values(NETWORKS).find((network) => network.genesisBlockId === id);
}

/**
 * The part of a genesis block id a person can compare. A block id begins with its block number
 * as 8 bytes (java-tron BlockCapsule.BlockId), so every block 0 id starts with 16 zeros and only
 * the tail tells chains apart: a known network by name with its last 8 bytes, any other chain by
 * those 8 bytes alone ("Nile Testnet, genesis …802de4d6cd8690dc").
 */
export function genesisText(genesisBlockId: string): string {
  const id = genesisBlockId.toLowerCase().replace(/^0x/, '');
  const tail = `genesis …${id.slice(-16)}`;
  const known = networkByGenesisId(id);
  return known ? `${known.name}, ${tail}` : tail;
}
