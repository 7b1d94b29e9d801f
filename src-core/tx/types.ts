/**
 * Transaction JSON exactly as java-tron prints and accepts it (java-tron JsonFormat, Util.printTransactionToJSON).
 * int64 fields are JSON numbers on the wire; in memory they may be `bigint` when they do not fit
 * a double (see json/lossless.ts), so readers convert with `BigInt(value)`.
 */
export type JsonInt = number | bigint;

export interface ContractParameterJson {
  /** The contract message as JSON (addresses hex `41…` or base58 when `visible`). */
  value: Record<string, unknown>;
  /** Taken verbatim into the protobuf Any; java-tron hashes whatever text is here. */
  type_url: string;
}

export interface ContractJson {
  type: string;
  parameter: ContractParameterJson;
  /** Present only when greater than 0 (proto3 default omitted). */
  Permission_id?: number;
  provider?: string;
  ContractName?: string;
}

export interface RawDataJson {
  contract: ContractJson[];
  ref_block_bytes: string;
  ref_block_num?: JsonInt;
  ref_block_hash: string;
  expiration: JsonInt;
  /** Memo, hex of its bytes. */
  data?: string;
  timestamp?: JsonInt;
  fee_limit?: JsonInt;
  scripts?: string;
}

export interface TransactionResultJson {
  fee?: JsonInt;
  ret?: 'SUCESS' | 'FAILED';
  contractRet?: string;
  [field: string]: unknown;
}

export interface TransactionJson {
  visible?: boolean;
  txID: string;
  raw_data: RawDataJson;
  raw_data_hex: string;
  signature?: string[];
  ret?: TransactionResultJson[];
  /** Only on CreateSmartContract transactions; always hex. */
  contract_address?: string;
}

/** A transaction that has not been signed yet carries no `signature` key. */
export type UnsignedTransactionJson = Omit<TransactionJson, 'signature'>;
