import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import type { ContractSpec } from '@core/tx/builders';
import { encodeBase58Check } from '@core/bytes/base58';
import { hexToBytes } from '@core/bytes/hex';
import { deriveKeys, WITNESS_PATH } from '@main/node/genesis';
import { PROPOSAL_EXPIRE_MS, proposalExpiration } from '@main/node/governance/governance-proposals';
import { newKey, startNode, type Key, type Reply } from '../helpers';
import { advance, b, build, call, expectRefused, fundedKey, send, TRX } from '../staking/helpers';

/**
 * Proposals end to end (java-tron ProposalCreate/Approve/DeleteActuator, ProposalController): two
 * genesis representatives, so a proposal needs ⌊2 × 7 / 10⌋ = 1 approval by an active one; it is
 * decided at the first maintenance at or after its expiration, and an approved one changes the
 * chain parameters from then on.
 */
describe('proposals', () => {
  let node: TronNode;
  let sr1: Key;
  let sr2: Key;
  let user: Key;

  const create = (owner: Key, parameters: [number, number][]): ContractSpec => ({
    type: 'ProposalCreateContract',
    value: { owner_address: owner.hex, parameters: parameters.map(([key, value]) => ({ key, value })) },
  });
  const approve = (owner: Key, id: number, add = true): ContractSpec => ({
    type: 'ProposalApproveContract',
    value: { owner_address: owner.hex, proposal_id: id, is_add_approval: add },
  });
  const remove = (owner: Key, id: number): ContractSpec => ({
    type: 'ProposalDeleteContract',
    value: { owner_address: owner.hex, proposal_id: id },
  });
  const proposal = async (id: number): Promise<Reply> => (await call(node, '/wallet/getproposalbyid', { id })).json;
  const parameter = async (key: string): Promise<number | undefined> => {
    const list = (await call(node, '/wallet/getchainparameters')).json.chainParameter as Reply[];
    return list.find((p) => p.key === key)?.value as number | undefined;
  };
  /** Chain time past `expiration`, then one more maintenance so the block that decides sees it. */
  async function pastMaintenanceAfter(expiration: number): Promise<void> {
    await advance(node, Math.ceil((expiration - node.head().timestamp) / 1000) + 1);
    await advance(node, Number(node.chain.props.parameters.getMaintenanceTimeInterval) / 1000);
  }

  beforeAll(async () => {
    node = await startNode({ witnessCount: 2 });
    const [k1, k2] = deriveKeys(node.config.mnemonic, WITNESS_PATH, 2).map((k) => ({ key: k.privateKey, hex: k.hex }));
    [sr1, sr2] = [k1!, k2!];
    user = fundedKey(node, 0);
    // Representatives pay bandwidth like anyone: give them TRX.
    await send(node, b.transferContract({ owner: user.hex, to: sr1.hex, amount: 1_000n * TRX }), user);
    await send(node, b.transferContract({ owner: user.hex, to: sr2.hex, amount: 1_000n * TRX }), user);
    await node.mine(1);
  });
  afterAll(async () => node?.stop());

  it('a representative creates one: id 1, its parameters in order, expiring at the first maintenance 3 days on', async () => {
    const head = node.head().timestamp;
    const props = node.chain.props;
    await send(
      node,
      create(sr1, [
        [11, 140],
        [68, 2_000_000],
      ]),
      sr1,
    );
    await node.mine(1);
    const expiration = proposalExpiration(
      head,
      props.nextMaintenanceTime,
      Number(props.parameters.getMaintenanceTimeInterval),
    );
    // 6 h cycles: the first maintenance time after head + 3 days.
    expect(expiration).toBeGreaterThan(head + PROPOSAL_EXPIRE_MS);
    expect(expiration - (head + PROPOSAL_EXPIRE_MS)).toBeLessThanOrEqual(21_600_000);
    expect(await proposal(1)).toEqual({
      proposal_id: 1,
      proposer_address: sr1.hex,
      parameters: [
        { key: 11, value: 140 },
        { key: 68, value: 2_000_000 },
      ],
      expiration_time: expiration,
      create_time: head,
    });
  });

  it('approvals are added and withdrawn, each once, and listed in order', async () => {
    await send(node, approve(sr2, 1), sr2);
    await send(node, approve(sr1, 1), sr1);
    await node.mine(1);
    expect((await proposal(1)).approvals).toEqual([sr2.hex, sr1.hex]);
    await expectRefused(
      node,
      'proposalapprove',
      { owner_address: sr1.hex, proposal_id: 1, is_add_approval: true },
      `Witness[${sr1.hex}]has approved proposal[1] before`,
    );
    await send(node, approve(sr2, 1, false), sr2);
    await node.mine(1);
    expect((await proposal(1)).approvals).toEqual([sr1.hex]);
    await expectRefused(
      node,
      'proposalapprove',
      { owner_address: sr2.hex, proposal_id: 1, is_add_approval: false },
      `Witness[${sr2.hex}]has not approved proposal[1] before`,
    );
  });

  it('the proposer deletes its own proposal; others cannot, and a canceled one takes no approvals', async () => {
    await send(node, create(sr2, [[12, 1]]), sr2);
    await node.mine(1);
    await expectRefused(
      node,
      'proposaldelete',
      { owner_address: sr1.hex, proposal_id: 2 },
      `Proposal[2] is not proposed by ${sr1.hex}`,
    );
    await send(node, remove(sr2, 2), sr2);
    await node.mine(1);
    expect((await proposal(2)).state).toBe('CANCELED');
    await expectRefused(
      node,
      'proposalapprove',
      { owner_address: sr1.hex, proposal_id: 2, is_add_approval: true },
      'Proposal[2] canceled',
    );
    await expectRefused(node, 'proposaldelete', { owner_address: sr2.hex, proposal_id: 2 }, 'Proposal[2] canceled');
  });

  it('refuses what java-tron refuses when a proposal is created', async () => {
    const body = (owner: string, parameters: [number, number][]) => ({
      owner_address: owner,
      parameters: parameters.map(([key, value]) => ({ key, value })),
    });
    const stranger = newKey();
    await expectRefused(node, 'proposalcreate', body('4100', [[11, 1]]), 'Invalid address');
    await expectRefused(node, 'proposalcreate', body(stranger.hex, [[11, 1]]), `Account[${stranger.hex}] not exists`);
    await expectRefused(node, 'proposalcreate', body(user.hex, [[11, 1]]), `Witness[${user.hex}] not exists`);
    await expectRefused(node, 'proposalcreate', body(sr1.hex, []), 'This proposal has no parameter.');
    await expectRefused(node, 'proposalcreate', body(sr1.hex, [[27, 1]]), 'Does not support code : 27');
    await expectRefused(
      node,
      'proposalcreate',
      body(sr1.hex, [[0, 1000]]),
      'Bad chain parameter value, valid range is [3 * 27 * 1000,24 * 3600 * 1000]',
    );
    await expectRefused(
      node,
      'proposalcreate',
      body(sr1.hex, [[9, 0]]),
      'This value[ALLOW_CREATION_OF_CONTRACTS] is only allowed to be 1',
    );
    await expectRefused(node, 'proposalcreate', body(sr1.hex, [[17, 1]]), 'Bad chain parameter id');
    await expectRefused(
      node,
      'proposalcreate',
      body(sr1.hex, [[83, 1]]),
      '[ALLOW_TVM_CANCUN] has been valid, no need to propose again',
    );
    await expectRefused(
      node,
      'proposalcreate',
      body(sr1.hex, [[78, 100]]),
      'This value[MAX_DELEGATE_LOCK_PERIOD] is only allowed to be greater than 864000 and less than or equal to 10512000 !',
    );
    await expectRefused(
      node,
      'proposalcreate',
      body(sr1.hex, [[45, 1]]),
      'Market Transaction is not activated, can not set Market Sell Fee',
    );
  });

  it('refuses approvals and deletions of proposals that do not exist, and approvals by non-representatives', async () => {
    await expectRefused(
      node,
      'proposalapprove',
      { owner_address: sr1.hex, proposal_id: 9, is_add_approval: true },
      'Proposal[9] not exists',
    );
    await expectRefused(node, 'proposaldelete', { owner_address: sr1.hex, proposal_id: 9 }, 'Proposal[9] not exists');
    await expectRefused(
      node,
      'proposalapprove',
      { owner_address: user.hex, proposal_id: 1, is_add_approval: true },
      `Witness[${user.hex}] not exists`,
    );
    await expectRefused(node, 'proposaldelete', { owner_address: '4100', proposal_id: 1 }, 'Invalid address');
  });

  it('at the first maintenance after expiry: approved with 1 of 2 active approvals, its parameters in force; unapproved disapproved', async () => {
    await send(node, create(sr2, [[11, 300]]), sr2);
    await node.mine(1);
    expect(await parameter('getEnergyFee')).toBe(210);
    const expiration = (await proposal(1)).expiration_time as number;
    await pastMaintenanceAfter(Math.max(expiration, (await proposal(3)).expiration_time as number));
    expect((await proposal(1)).state).toBe('APPROVED');
    expect((await proposal(3)).state).toBe('DISAPPROVED');
    expect((await proposal(2)).state).toBe('CANCELED');
    expect(await parameter('getEnergyFee')).toBe(140);
    expect(await parameter('getMemoFee')).toBe(2_000_000);
    await expectRefused(
      node,
      'proposalapprove',
      { owner_address: sr1.hex, proposal_id: 3, is_add_approval: true },
      'Proposal[3] expired',
    );
  });

  it('lists proposals newest first, pages them by id, and answers {} for an unknown id', async () => {
    const list = (await call(node, '/wallet/listproposals')).json.proposals as Reply[];
    expect(list.map((p) => p.proposal_id)).toEqual([3, 2, 1]);
    const page = (await call(node, '/wallet/getpaginatedproposallist', { offset: 1, limit: 5 })).json;
    expect((page.proposals as Reply[]).map((p) => p.proposal_id)).toEqual([2, 3]);
    expect((await call(node, '/wallet/getpaginatedproposallist?offset=0&limit=1')).json.proposals).toHaveLength(1);
    expect((await call(node, '/wallet/getpaginatedproposallist', { offset: 3, limit: 5 })).json).toEqual({});
    expect((await call(node, '/wallet/getproposalbyid?id=2')).json.proposal_id).toBe(2);
    expect(await proposal(99)).toEqual({});
    expect((await call(node, '/wallet/getproposalbyid', {})).json).toEqual({
      Error: 'class java.security.InvalidParameterException : key [id] does not exist',
    });
    expect((await call(node, '/wallet/getproposalbyid?id=x')).json).toEqual({
      Error: 'class java.lang.NumberFormatException : For input string: "x"',
    });
    const visible = (await call(node, '/wallet/getproposalbyid', { id: 1, visible: true })).json;
    expect(visible.proposer_address).toMatch(/^T/);
    const approvals = (await proposal(1)).approvals as string[];
    expect(approvals.length).toBeGreaterThan(0);
    expect(visible.approvals).toEqual(approvals.map((a) => encodeBase58Check(hexToBytes(a))));
  });

  it('builder endpoints answer an unsigned transaction of the contract type', async () => {
    const built = await build(node, 'proposalcreate', { owner_address: sr1.hex, parameters: [{ key: 11, value: 5 }] });
    expect(built.raw_data.contract[0].type).toBe('ProposalCreateContract');
    expect(built.raw_data.contract[0].parameter.value.parameters).toEqual([{ key: 11, value: 5 }]);
    expect((await call(node, '/wallet/proposalcreate')).text).toBe('');
  });
});
