import type { TransactionJson } from '../../../src-core/tx/types';
import { vectors } from '../../fixtures/vectors';

interface VectorTx {
  name: string;
  permission_id: number;
  txID: string;
  signer_private_keys: string[];
  signer_addresses_hex: string[];
  signatures_as_tronweb_emits: string[];
  tronweb_transaction_json: TransactionJson;
}

export function vectorTx(name: string): VectorTx {
  const tx = (vectors.transactions as VectorTx[]).find((t) => t.name === name);
  if (!tx) throw new Error(`no vector transaction ${name}`);
  return tx;
}

/** The vector transaction as TronWeb built it, before anyone signed. */
export function unsignedTx(name: string): TransactionJson {
  const { signature: _signature, ...rest } = structuredClone(vectorTx(name).tronweb_transaction_json);
  return rest;
}

export const vectorKeys = vectors.keys as Record<string, { private_key: string; hex: string; base58: string }>;
