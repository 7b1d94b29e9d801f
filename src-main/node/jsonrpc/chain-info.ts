import { keccak_256 } from '@noble/hashes/sha3.js';
import os from 'node:os';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { internalError, invalidParams } from './errors';
import { fromHexString, quantity, toJsonHex } from './java-hex';
import type { NodeReads } from './node-reads';

/**
 * The node-wide answers (TronJsonRpcImpl.web3ClientVersion, web3Sha3, ethChainId, getProtocolVersion,
 * getCoinbase, …). This node has no peers: not listening, 0 peers, never syncing.
 */

/** The version getnodeinfo reports (configNodeInfo.codeVersion). */
export const CODE_VERSION = '4.8.0';

/** Java's os.name for the platforms Node names. */
function javaOsName(): string {
  const type = os.type();
  if (type === 'Darwin') return 'Mac OS X';
  if (type === 'Windows_NT') return 'Windows';
  return type;
}

/**
 * "TRON/v<version>/<os.name>/<runtime>": java-tron names its Java version there, this node its Node.js major version.
 */
export function clientVersion(): string {
  return ['TRON', `v${CODE_VERSION}`, javaOsName(), `Node${process.versions.node.split('.')[0]}`].join('/');
}

export function sha3(data: string | null): string {
  let input: Uint8Array;
  try {
    input = fromHexString(data);
  } catch {
    throw invalidParams('invalid input value');
  }
  return toJsonHex(keccak_256(input));
}

/** The last four bytes of the genesis block id (also net_version). */
export function chainId(reads: NodeReads): string {
  return toJsonHex(reads.genesisBlockId().subarray(-4));
}

export async function protocolVersion(reads: NodeReads): Promise<string> {
  return quantity((await reads.block(reads.headNumber()))?.version ?? 0);
}

/** "0x" + the 21-byte address (41 kept, unlike every other address here). */
export function coinbase(reads: NodeReads): string {
  const address = reads.coinbase();
  if (!address) throw internalError('etherbase must be explicitly specified');
  return `0x${bytesToHex(address)}`;
}

/** eth_getWork: the head block hash, then two nulls. */
export async function work(reads: NodeReads): Promise<(string | null)[]> {
  const head = await reads.block(reads.headNumber());
  return [head ? toJsonHex(head.id) : null, null, null];
}
