import { afterEach, describe, expect, it } from 'vitest';
import { writeBatch } from '@main/node/chain/commit';
import { createGenesis, loadHead, sameGenesisWitnesses } from '@main/node/chain/genesis';
import { resolveConfig } from '@main/node/config';
import { deriveKeys, FUNDED_PATH, WITNESS_PATH } from '@main/node/genesis';
import { LevelStateBackend } from '@main/node/state/level-backend';
import { key, PREFIX, u64 } from '@main/node/store/store';
import { BLOCK_VERSION, sealBlock } from '@main/node/model/block';
import { protocol } from '@core/proto/runtime';
import { bytesToHex } from '@core/bytes/hex';
import { tempStore } from '../helpers';

const disposals: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposals.splice(0)) await dispose();
});

const config = resolveConfig({ accounts: 2, witnessCount: 3 });
const funded = deriveKeys(config.mnemonic, FUNDED_PATH, 2);
const witnessKeys = deriveKeys(config.mnemonic, WITNESS_PATH, 3);

describe('genesis', () => {
  it('funds the configured accounts and makes the genesis representatives witnesses, one slot before the start', async () => {
    const { store, dispose } = await tempStore();
    disposals.push(dispose);
    const state = await LevelStateBackend.open(store, { cacheBytes: 1 << 20, extCodecs: new Map() });
    const now = 1_700_000_001_234;
    await writeBatch(store, state, createGenesis(state, { config, witnessKeys, funded, now }));
    for (const k of funded) expect(state.getAccount(k.hex)!.balance).toBe(config.accountBalanceSun);
    expect([...state.witnessAddresses()]).toEqual(witnessKeys.map((k) => k.hex));
    for (const k of witnessKeys) {
      expect(state.getAccount(k.hex)).toMatchObject({ isWitness: true, balance: 0n });
      expect(state.getAccount(k.hex)!.witnessPermission!.keys.map((key) => key.addressHex)).toEqual([k.hex]);
    }
    const head = await loadHead(store, new TextDecoder().decode((await store.get(key(PREFIX.meta)))!));
    expect(head.props).toMatchObject({ headNumber: 0, solidNumber: 0, activeWitnesses: witnessKeys.map((k) => k.hex) });
    expect(head.props.genesisTimestamp).toBe(Math.floor((now - 3000) / 3000) * 3000);
    expect(head.props.headId).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(head.genesisId).toString('hex')).toBe(head.props.headId);
  });

  it('knows a data directory by the keys of its genesis representatives', async () => {
    const { store, dispose } = await tempStore();
    disposals.push(dispose);
    const state = await LevelStateBackend.open(store, { cacheBytes: 1 << 20, extCodecs: new Map() });
    await writeBatch(store, state, createGenesis(state, { config, witnessKeys, funded, now: Date.now() }));
    const { props } = await loadHead(store, new TextDecoder().decode((await store.get(key(PREFIX.meta)))!));
    expect(sameGenesisWitnesses(props, witnessKeys)).toBe(true);
    expect(sameGenesisWitnesses(props, witnessKeys.slice(0, 2))).toBe(false);
    expect(sameGenesisWitnesses(props, [...witnessKeys.slice(0, 2), funded[0]!])).toBe(false);
  });

  it('writes block 0 as java-tron does: a TransferContract per funded account and no header version', async () => {
    const { store, dispose } = await tempStore();
    disposals.push(dispose);
    const state = await LevelStateBackend.open(store, { cacheBytes: 1 << 20, extCodecs: new Map() });
    await writeBatch(store, state, createGenesis(state, { config, witnessKeys, funded, now: 1_700_000_001_234 }));
    const block = protocol.Block.decode((await store.get(key(PREFIX.block, u64(0))))!);
    expect(block.block_header!.raw_data!.version).toBe(0);
    expect(bytesToHex(block.block_header!.raw_data!.txTrieRoot!)).not.toBe('0'.repeat(64));
    const transfers = block.transactions.map((t) =>
      protocol.TransferContract.decode(t.raw_data!.contract![0]!.parameter!.value!),
    );
    expect(transfers.map((t) => bytesToHex(t.to_address))).toEqual(funded.map((k) => k.hex));
    expect(transfers.map((t) => BigInt(t.amount.toString()))).toEqual(funded.map(() => config.accountBalanceSun));
  });

  it('keeps the blockID stored in a data directory whose block 0 was written another way', async () => {
    const { store, dispose } = await tempStore();
    disposals.push(dispose);
    const state = await LevelStateBackend.open(store, { cacheBytes: 1 << 20, extCodecs: new Map() });
    await writeBatch(store, state, createGenesis(state, { config, witnessKeys, funded, now: 1_700_000_001_234 }));
    // A block 0 with a version and no transactions, as data directories made by earlier builds hold.
    const stored = sealBlock({
      number: 0,
      timestamp: 1_700_000_001_000 - 3000,
      parentHash: new Uint8Array(32),
      witnessAddress: new Uint8Array(),
      transactions: [],
    });
    await store.write([{ type: 'put', key: key(PREFIX.block, u64(0)), value: stored.bytes }]);
    const head = await loadHead(store, new TextDecoder().decode((await store.get(key(PREFIX.meta)))!));
    expect(protocol.Block.decode(stored.bytes).block_header!.raw_data!.version).toBe(BLOCK_VERSION);
    expect(bytesToHex(head.genesisId)).toBe(stored.idHex);
    expect(sameGenesisWitnesses(head.props, witnessKeys)).toBe(true);
  });
});
