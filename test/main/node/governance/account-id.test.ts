import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { bytesToHex } from '@core/bytes/hex';
import { utf8ToBytes } from '@core/bytes/utf8';
import { deriveKeys, WITNESS_PATH } from '@main/node/genesis';
import { newKey, startNode, type Key } from '../helpers';
import { build, call, expectRefused, fundedKey, send } from '../staking/helpers';

/**
 * SetAccountId (java-tron SetAccountIdActuator) and getaccountbyid (Wallet.getAccountById over
 * AccountIdIndexStore, which ignores ASCII case).
 */
const hex = (text: string): string => bytesToHex(utf8ToBytes(text));

describe('account ids', () => {
  let node: TronNode;
  let alice: Key;
  let bob: Key;

  beforeAll(async () => {
    node = await startNode({ witnessCount: 1 });
    alice = fundedKey(node, 0);
    bob = fundedKey(node, 1);
  });
  afterAll(async () => node?.stop());

  it('sets an id once; getaccountbyid finds the account by it, in any case, on /wallet and once solidified on /walletsolidity', async () => {
    await send(
      node,
      { type: 'SetAccountIdContract', value: { owner_address: alice.hex, account_id: hex('Alice-01') } },
      alice,
    );
    await node.mine(1);
    const byId = (await call(node, '/wallet/getaccountbyid', { account_id: hex('Alice-01') })).json;
    expect(byId).toMatchObject({ address: alice.hex, account_id: hex('Alice-01') });
    expect((await call(node, '/wallet/getaccountbyid', { account_id: hex('alice-01') })).json.address).toBe(alice.hex);
    expect((await call(node, `/wallet/getaccountbyid?account_id=${hex('ALICE-01')}`)).json.address).toBe(alice.hex);
    expect((await call(node, '/wallet/getaccountbyid', { account_id: 'Alice-01', visible: true })).json).toMatchObject({
      address: expect.stringMatching(/^T/),
    });
    expect((await call(node, '/walletsolidity/getaccountbyid', { account_id: hex('Alice-01') })).json.address).toBe(
      alice.hex,
    );
    expect((await call(node, '/wallet/getaccountbyid', { account_id: hex('nobody-1') })).json).toEqual({});
    expect((await call(node, '/wallet/getaccountbyid', {})).json).toEqual({});
  });

  it('refuses as java-tron does: bad id, bad owner, missing account, a second id, an id taken in another case', async () => {
    const body = (owner: string, id: string) => ({ owner_address: owner, account_id: hex(id) });
    await expectRefused(node, 'setaccountid', body(bob.hex, 'short'), 'Invalid accountId');
    await expectRefused(node, 'setaccountid', body(bob.hex, 'has space'), 'Invalid accountId');
    await expectRefused(node, 'setaccountid', body(bob.hex, 'x'.repeat(33)), 'Invalid accountId');
    await expectRefused(node, 'setaccountid', body('4100', 'bob-0001'), 'Invalid ownerAddress');
    await expectRefused(node, 'setaccountid', body(newKey().hex, 'bob-0001'), 'Account has not existed');
    await expectRefused(node, 'setaccountid', body(alice.hex, 'alice-02'), 'This account id already set');
    await expectRefused(node, 'setaccountid', body(bob.hex, 'ALICE-01'), 'This id has existed');
    expect((await build(node, 'setaccountid', body(bob.hex, 'bob-0001'))).raw_data.contract[0].type).toBe(
      'SetAccountIdContract',
    );
  });

  it('ids and proposals are kept in the store: a restarted node still finds them', async () => {
    const datadir = await mkdtemp(join(tmpdir(), 'node-governance-'));
    try {
      const first = await startNode({ witnessCount: 1, datadir });
      const owner = fundedKey(first, 2);
      const [k] = deriveKeys(first.config.mnemonic, WITNESS_PATH, 1);
      const sr = { key: k!.privateKey, hex: k!.hex };
      await send(
        first,
        { type: 'SetAccountIdContract', value: { owner_address: owner.hex, account_id: hex('keep-me-1') } },
        owner,
      );
      await send(
        first,
        { type: 'ProposalCreateContract', value: { owner_address: sr.hex, parameters: [{ key: 11, value: 300 }] } },
        sr,
      );
      await first.mine(1);
      await first.stop();
      const second = await startNode({ witnessCount: 1, datadir });
      try {
        expect((await call(second, '/wallet/getaccountbyid', { account_id: hex('keep-me-1') })).json.address).toBe(
          owner.hex,
        );
        expect((await call(second, '/wallet/listproposals')).json.proposals).toEqual([
          expect.objectContaining({ proposal_id: 1, proposer_address: sr.hex }),
        ]);
        await expectRefused(
          second,
          'setaccountid',
          { owner_address: bob.hex, account_id: hex('KEEP-ME-1') },
          'This id has existed',
        );
      } finally {
        await second.stop();
      }
    } finally {
      await rm(datadir, { recursive: true, force: true });
    }
  });
});
