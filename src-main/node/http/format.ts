import { protocol } from '../../../src-core/proto/runtime';
import { ChainError } from '../errors';
import { messageToJson } from '../../../src-core/proto/json-codec';
import { rawDataFromMessage } from '../../../src-core/tx/codec';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes } from '../../../src-core/bytes/bytes';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import type { Chain } from '../chain/chain';
import { blockIdOf } from '../model/block';
import { sha256Hex } from '../model/sha256';
import type { AccountRecord } from '../state/account';
import { accountToMessage } from '../state/account';
import { addEnergyUsage, addNetUsage, freeNetUsageAt, increaseFixed } from '../resources/account-usage';
import { longToBigint } from '../../../src-core/proto/runtime';
import { tokenIdText } from '../trc10/assets';

/**
 * java-tron's response shapes (JsonFormat, Util.printTransactionToJSON, Util.printBlockToJSON, GetAccountServlet) built
 * from stored protobuf bytes with the core JSON codec.
 */
type Json = Record<string, unknown>;

/** Util.generateContractAddress: 0x41 ‖ the last 20 bytes of keccak256(txID ‖ owner bytes, whatever their length). */
export function generateContractAddress(txId: Uint8Array, owner: Uint8Array): string {
  return `41${bytesToHex(keccak_256(concatBytes(txId, owner)).subarray(12))}`;
}

/**
 * Util.printTransactionToJSON: txID, raw_data, raw_data_hex, signature, ret; no `visible`; a
 * CreateSmartContract also gets the new contract's address (hex in both address forms), an owner
 * left out included.
 *
 * Every Transaction the node stores or builds carries its raw_data as protobufjs wrote it
 * (model/tx.ts `transactionBytes`), so that field's bytes are the encoding the txID hashes: they are
 * hashed and printed as they are, not encoded again (blocks print hundreds of transactions).
 */
export function transactionJson(bytes: Uint8Array, visible: boolean): Json {
  const message = protocol.Transaction.decode(bytes);
  const rawBytes = lengthDelimitedFields(bytes).find(([tag]) => tag === RAW_DATA_TAG)?.[1] ?? EMPTY;
  const tx: Json = {
    txID: sha256Hex(rawBytes),
    raw_data: rawDataFromMessage((message.raw_data ?? {}) as unknown as Json, { visible }),
    raw_data_hex: Buffer.from(rawBytes.buffer, rawBytes.byteOffset, rawBytes.length).toString('hex'),
  };
  if (message.signature.length > 0) tx.signature = message.signature.map((sig) => bytesToHex(sig));
  if (message.ret.length > 0)
    tx.ret = message.ret.map((r) => messageToJson('protocol.Transaction.Result', r as unknown as Json, { visible }));
  const contract = (tx.raw_data as { contract?: { type?: string }[] }).contract?.[0];
  if (contract?.type === 'CreateSmartContract') {
    const parameter = message.raw_data?.contract?.[0]?.parameter?.value;
    const owner = protocol.CreateSmartContract.decode(parameter ?? new Uint8Array()).owner_address;
    tx.contract_address = generateContractAddress(hexToBytes(tx.txID as string), owner ?? new Uint8Array());
  }
  return tx;
}

const RAW_DATA_TAG = 0x0a;
const EMPTY = new Uint8Array();

/**
 * The fields of a message whose fields are all length-delimited (Block, Transaction), as [tag, bytes]
 * (protobuf encoding: a one-byte key of wire type 2, a varint length, the bytes). Bytes that do not
 * read so, a stored block the disk damaged, are refused instead of read past their end.
 */
function lengthDelimitedFields(bytes: Uint8Array): [number, Uint8Array][] {
  const fields: [number, Uint8Array][] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const tag = bytes[offset++]!;
    if ((tag & 0x07) !== 2 || tag >= 0x80) throw malformed(offset - 1);
    let length = 0;
    let shift = 1;
    for (;;) {
      if (offset >= bytes.length || shift > 2 ** 28) throw malformed(offset);
      const b = bytes[offset++]!;
      length += (b & 0x7f) * shift;
      if (b < 0x80) break;
      shift *= 128;
    }
    if (offset + length > bytes.length) throw malformed(offset);
    fields.push([tag, bytes.subarray(offset, offset + length)]);
    offset += length;
  }
  return fields;
}

const malformed = (offset: number): ChainError =>
  new ChainError(`The stored message is malformed at byte ${offset}: it cannot be printed.`);

/** Splits a serialized Block into its transactions (field 1) and header (field 2) without decoding them. */
export function splitBlock(bytes: Uint8Array): { transactions: Uint8Array[]; header: Uint8Array } {
  const transactions: Uint8Array[] = [];
  let header: Uint8Array = EMPTY;
  for (const [tag, part] of lengthDelimitedFields(bytes)) {
    if (tag === 0x0a) transactions.push(part);
    else if (tag === 0x12) header = part;
  }
  return { transactions, header };
}

/** Util.printBlockToJSON; `detail: false` leaves the transactions out (getblock). */
export function blockJson(bytes: Uint8Array, visible: boolean, detail = true): Json {
  const { transactions, header } = splitBlock(bytes);
  const headerMessage = protocol.BlockHeader.decode(header) as unknown as Json;
  const raw = (headerMessage.raw_data ?? {}) as Json;
  const rawBytes = protocol.BlockHeader.raw.encode(raw as protocol.BlockHeader.Iraw).finish();
  const out: Json = {
    blockID: bytesToHex(blockIdOf(Number(longToBigint(raw.number as never)), rawBytes)),
    block_header: messageToJson('protocol.BlockHeader', headerMessage, { visible }),
  };
  if (detail && transactions.length > 0) out.transactions = transactions.map((t) => transactionJson(t, visible));
  return out;
}

const RESOURCE_NAMES = ['BANDWIDTH', 'ENERGY', 'TRON_POWER'];

/**
 * Wallet.getAccount + Util.printAccount: usage (and the usage windows) brought to the head slot as
 * the bandwidth and energy processors' updateUsage do, slot times in ms, frozenV2 as three entries.
 */
export function accountJson(chain: Chain, account: AccountRecord, visible: boolean): Json {
  const nowSlot = chain.clock.headSlot;
  const decayed: AccountRecord = { ...account, freeNetUsage: freeNetUsageAt(account, nowSlot) };
  addNetUsage(decayed, 0n, nowSlot);
  addEnergyUsage(decayed, 0n, nowSlot);
  const freeAssetUsage = new Map<string, bigint>();
  for (const id of new Set([...account.assetV2.keys(), ...account.freeAssetNetUsageV2.keys()])) {
    freeAssetUsage.set(
      id,
      increaseFixed(
        account.freeAssetNetUsageV2.get(id) ?? 0n,
        0n,
        account.latestAssetOperationTimeV2.get(id) ?? 0,
        nowSlot,
      ),
    );
  }
  decayed.freeAssetNetUsageV2 = freeAssetUsage;
  const json = messageToJson('protocol.Account', accountToMessage(decayed), { visible });
  // Wallet.getAccount turns the three slot numbers into genesis time + 3 s per slot, slot 0 (never
  // consumed) included, so only a zero genesis time leaves them out.
  const toMs = (slot: number): number => chain.props.genesisTimestamp + slot * 3000;
  const setTime = (target: Json, key: string, slot: number): void => {
    if (toMs(slot)) target[key] = toMs(slot);
    else delete target[key];
  };
  setTime(json, 'latest_consume_time', account.latestConsumeTime);
  setTime(json, 'latest_consume_free_time', account.latestConsumeFreeTime);
  const resource = (json.account_resource ?? {}) as Json;
  setTime(resource, 'latest_consume_time_for_energy', account.latestConsumeTimeForEnergy);
  if (Object.keys(resource).length > 0) json.account_resource = resource;
  // printAccount turns asset_issued_ID into text even without visible.
  if (account.assetIssuedId.length) json.asset_issued_ID = tokenIdText(account.assetIssuedId);
  json.frozenV2 = RESOURCE_NAMES.map((name, type) => {
    const amount = account.frozenV2.filter((f) => f.type === type).reduce((sum, f) => sum + f.amount, 0n);
    const entry: Json = {};
    if (type !== 0) entry.type = name;
    if (amount) entry.amount = Number(amount);
    return entry;
  });
  return json;
}
