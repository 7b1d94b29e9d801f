import { afterEach, describe, expect, it } from 'vitest';
import { writeBatch } from '@main/node/chain/commit';
import { createGenesis, loadHead, sameGenesisWitnesses } from '@main/node/chain/genesis';
import { resolveConfig } from '@main/node/config';
import { deriveKeys, FUNDED_PATH, WITNESS_PATH } from '@main/node/genesis';
import { LevelStateBackend } from '@main/node/state/level-backend';
import { key, PREFIX } from '@main/node/store/store';
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
});
