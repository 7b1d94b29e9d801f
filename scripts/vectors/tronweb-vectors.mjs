#!/usr/bin/env node
// Re-derives the facts in test/fixtures/tronweb/vectors.json with the TronWeb installed in
// node_modules, offline: only TronWeb's pure helpers are called, never a TronWeb instance, so no
// request can leave the machine.
//
// Usage: npm run vectors:tronweb [-- --write] [-- --file PATH]
//   (default)  compare, print one line per item, exit 1 on any difference
//   --write    store what TronWeb derives now in the derivable fields, keeping every key in place
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Trx, utils } from 'tronweb';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_FILE = resolve(root, 'test/fixtures/tronweb/vectors.json');

const strip0x = (hex) => hex.replace(/^0x/i, '');

/** Decoded ABI values as the file stores them: bigints as decimal strings, plain arrays. */
function plain(value) {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return Array.from(value, plain);
  return value;
}

/** TronWeb's facts about one transaction, from its `raw_data` and signing keys alone. */
function deriveTransaction(tx) {
  const pb = utils.transaction.txJsonToPb({ raw_data: tx.raw_data, visible: false });
  const rawDataHex = utils.transaction.txPbToRawDataHex(pb).toLowerCase();
  const txID = strip0x(utils.transaction.txPbToTxID(pb)).toLowerCase();
  let signed = { visible: false, txID, raw_data: tx.raw_data, raw_data_hex: rawDataHex };
  for (const key of tx.signer_private_keys) signed = utils.crypto.signTransaction(key, signed);
  // Trx.ecRecover first re-checks raw_data against txID (txCheck), then recovers each signer.
  const recovered = [Trx.ecRecover(structuredClone(signed))].flat();
  return {
    raw_data_hex: rawDataHex,
    txID,
    signatures_as_tronweb_emits: signed.signature,
    signatures_lowercase: signed.signature.map((s) => s.toLowerCase()),
    signer_addresses_hex: recovered.map((a) => utils.address.toHex(a).toLowerCase()),
  };
}

/** TronWeb's encoding of one ABI case and its decoding of that encoding. */
function deriveAbi(item) {
  // TronWeb rewrites address arguments in place, so it gets a copy.
  const values = structuredClone(item.values);
  if (item.types) {
    const encoded = utils.abi.encodeParams(item.types, values);
    return { encoded, decoded: plain(utils.abi.decodeParams([], item.types, encoded)) };
  }
  const fragment = item.abi_fragment;
  const encoded = utils.abi.encodeParamsV2ByABI(fragment, values);
  const callData = utils.abi.encodeFunctionData(fragment, structuredClone(item.values));
  const derived = { encoded, selector_hex: callData.slice(0, 8) };
  if ('function_selector' in item) derived.function_selector = utils.abi.buildFunctionSelector(fragment);
  if ('full_call_data' in item) derived.full_call_data = callData;
  // decodeParamsV2ByABI reads a fragment's outputs; the inputs stand in for them here.
  if ('decoded' in item)
    derived.decoded = plain(utils.abi.decodeParamsV2ByABI({ ...fragment, outputs: fragment.inputs }, encoded));
  return derived;
}

/** TronWeb's signMessageV2 of one message and the signer verifyMessageV2 recovers. */
function deriveMessage(item) {
  const signature = Trx.signMessageV2(item.message, item.private_key);
  return {
    hash: utils.message.hashMessage(item.message),
    signature,
    recovered_base58: Trx.verifyMessageV2(item.message, signature),
  };
}

/** The addresses and public key TronWeb derives from one private key. */
function deriveKey(key) {
  const base58 = utils.address.fromPrivateKey(key.private_key);
  const hex = utils.address.toHex(base58).toLowerCase();
  const publicKey = utils.code.byteArray2hexStr(
    utils.crypto.getPubKeyFromPriKey(utils.code.hexStr2byteArray(key.private_key)),
  );
  return { public_key_uncompressed: publicKey.toLowerCase(), base58, hex, evm_hex: `0x${hex.slice(2)}` };
}

const same = (a, b) =>
  typeof a === 'string' && typeof b === 'string' ? a === b : JSON.stringify(a) === JSON.stringify(b);

/** Names of the fields of `item` that differ from `derived`. */
const differing = (item, derived) => Object.keys(derived).filter((field) => !same(item[field], derived[field]));

/**
 * Every item of the file with what TronWeb derives for it. `rewrite` lists the fields --write may
 * store: the key facts are not among them, since a changed address derivation is a TronWeb bug to
 * report, not a vector to update.
 */
function items(vectors) {
  const list = [];
  for (const [name, key] of Object.entries(vectors.keys)) {
    list.push({ label: `key ${name}`, item: key, derived: deriveKey(key), rewrite: false });
  }
  for (const tx of vectors.transactions) {
    const derived = deriveTransaction(tx);
    list.push({ label: `transaction ${tx.name}`, item: tx, derived, rewrite: true });
    // TronWeb's own transaction JSON repeats the same facts.
    const json = {
      txID: derived.txID,
      raw_data_hex: derived.raw_data_hex,
      signature: derived.signatures_as_tronweb_emits,
    };
    list.push({
      label: `transaction ${tx.name} tronweb_transaction_json`,
      item: tx.tronweb_transaction_json,
      derived: json,
      rewrite: true,
    });
  }
  for (const abi of vectors.abi)
    list.push({ label: `abi ${abi.name}`, item: abi, derived: deriveAbi(abi), rewrite: true });
  for (const message of vectors.messages) {
    list.push({ label: `message ${message.name}`, item: message, derived: deriveMessage(message), rewrite: true });
  }
  return list;
}

/** Compares (or, with write, updates) the vectors in `file`; returns the number of mismatches. */
export function run({ file = DEFAULT_FILE, write = false, log = console.log } = {}) {
  const vectors = JSON.parse(readFileSync(file, 'utf8'));
  let mismatches = 0;
  for (const { label, item, derived, rewrite } of items(vectors)) {
    const fields = differing(item, derived);
    if (write && rewrite) {
      for (const field of fields) item[field] = derived[field];
      log(`${fields.length ? 'updated' : 'ok'} ${label}${fields.length ? `: ${fields.join(', ')}` : ''}`);
      continue;
    }
    if (fields.length) mismatches++;
    log(fields.length ? `MISMATCH ${label}: ${fields.join(', ')}` : `ok ${label}`);
  }
  if (write) writeFileSync(file, `${JSON.stringify(vectors, null, 2)}\n`);
  return mismatches;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { write: { type: 'boolean', default: false }, file: { type: 'string' } },
    strict: true,
  });
  const mismatches = run({ file: values.file ? resolve(values.file) : DEFAULT_FILE, write: values.write });
  if (mismatches) console.error(`${mismatches} item(s) differ from what TronWeb derives.`);
  process.exitCode = mismatches ? 1 : 0;
}
