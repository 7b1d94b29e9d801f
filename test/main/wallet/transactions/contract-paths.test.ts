import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toBase58Address, toHexAddress } from '@core/address/address';
import { encodeParams } from '@core/abi/encode';
import { eventTopic } from '@core/abi/signature';
import { hexToBytes } from '@core/bytes/hex';
import type { FetchInitLike, FetchLike } from '@core/client/fetch';
import { TxRequestSchema, type TxRequestInput } from '@core/ipc/channels/tx';
import { addressFromPrivateKey } from '@core/keys/keys';
import { createNode, type TronNode } from '@main/node';
import { embeddedNodeFactory } from '@main/wallet/node-host/create-embedded';
import { createWalletServices, type WalletServices } from '@main/wallet';
import { readDryRun } from '@main/wallet/transactions/dry-run';
import { UnavailableSecretStore } from '@main/vault/secret-store';
import { CHEAP_SCRYPT } from '../../vault/helpers';
import { expectWalletError, quietLog, recordEvents, removeDir, tempDir } from '../helpers';

/**
 * The contract paths of the transaction service (estimate, fee_limit strategies, revert reasons,
 * constant-call simulation, view calls, token facts, the node's dry run) against the real
 * embedded node for blocks, accounts and parameters, with the contract endpoints answered the
 * way java-tron answers them (TriggerConstantContractServlet, EstimateEnergyServlet), so each
 * answer (a revert, a missing endpoint, an energy figure) is the one the test needs.
 */
const hexOf = (text: string) => Buffer.from(text, 'utf8').toString('hex');
const word = (types: string[], values: unknown[]) => encodeParams(types, values);
const address = (n: number) => toBase58Address(addressFromPrivateKey(hexToBytes(n.toString(16).padStart(64, '0'))));

const TOKEN = address(0x70c3);
const TRANSFER_TOPIC = eventTopic('Transfer(address,address,uint256)');
const ABI = [
  {
    type: 'Function',
    name: 'decimals',
    inputs: [],
    outputs: [{ name: '', type: 'uint8' }],
    stateMutability: 'View',
    constant: true,
  },
  {
    type: 'Function',
    name: 'symbol',
    inputs: [],
    outputs: [{ name: '', type: 'string' }],
    stateMutability: 'View',
    constant: true,
  },
  {
    type: 'Function',
    name: 'name',
    inputs: [],
    outputs: [{ name: '', type: 'string' }],
    stateMutability: 'View',
    constant: true,
  },
  {
    type: 'Function',
    name: 'balanceOf',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'View',
    constant: true,
  },
  {
    type: 'Function',
    name: 'transfer',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
    stateMutability: 'Nonpayable',
  },
  {
    type: 'Event',
    name: 'Transfer',
    inputs: [
      { name: 'from', type: 'address', indexed: true },
      { name: 'to', type: 'address', indexed: true },
      { name: 'value', type: 'uint256' },
    ],
  },
];

type Answer = (body: Record<string, unknown>) => unknown;

describe('contract paths of the transaction service', () => {
  let dir: string;
  let wallet: WalletServices;
  let node: TronNode;
  let dev: string[];
  const answers = new Map<string, Answer>();
  const seen: { path: string; body: Record<string, unknown> }[] = [];
  const dryRuns: { tx: object; options: unknown }[] = [];
  let dryRunAnswer: unknown = null;
  const request = (input: TxRequestInput) => TxRequestSchema.parse(input);

  const fetch: FetchLike = async (url: string, init: FetchInitLike) => {
    const path = new URL(url).pathname;
    const answer = answers.get(path);
    if (!answer) return (globalThis.fetch as unknown as FetchLike)(url, init);
    const body = init.body ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    seen.push({ path, body });
    const value = answer(body);
    if (value === 404) return { status: 404, text: async () => 'Not Found' };
    return { status: 200, text: async () => JSON.stringify(value) };
  };

  function constantOk(energyUsed: number, result: string, logs: unknown[] = [], penalty = 0) {
    return {
      result: { result: true },
      energy_used: energyUsed,
      energy_penalty: penalty,
      constant_result: [result],
      logs,
      transaction: undefined,
    };
  }

  function transferLog(from: string, to: string, value: bigint) {
    return {
      address: toHexAddress(TOKEN).slice(2),
      topics: [TRANSFER_TOPIC, word(['address'], [from]), word(['address'], [to])],
      data: word(['uint256'], [value]),
    };
  }

  function tokenAnswers(): void {
    answers.set('/wallet/getcontract', () => ({
      contract_address: toHexAddress(TOKEN),
      origin_address: toHexAddress(dev[0]!),
      abi: { entrys: ABI },
      bytecode: '6080',
      name: 'Token',
      consume_user_resource_percent: 100,
      origin_energy_limit: 10_000_000,
    }));
    answers.set('/wallet/getcontractinfo', () => ({
      smart_contract: {
        contract_address: toHexAddress(TOKEN),
        abi: { entrys: ABI },
        bytecode: '6080',
        name: 'Token',
        consume_user_resource_percent: 100,
        origin_energy_limit: 10_000_000,
      },
      runtimecode: '6080',
      contract_state: { energy_usage: 0, energy_factor: 1200, update_cycle: 1 },
    }));
  }

  function constantByData(results: Record<string, () => unknown>): Answer {
    return (body) => {
      const data = String(body.data ?? '');
      const entry = Object.entries(results).find(([selector]) => data.startsWith(selector));
      if (!entry) throw new Error(`no canned answer for ${data.slice(0, 8)}`);
      return entry[1]();
    };
  }

  beforeAll(async () => {
    dir = await tempDir('tx-contracts-');
    const factory = embeddedNodeFactory(async (input) => {
      node = await createNode({ ...input, signatureWorkers: 0 });
      return node;
    });
    wallet = await createWalletServices({
      userDataDir: dir,
      emit: recordEvents().emit,
      log: quietLog,
      createEmbeddedNode: async (config) => {
        const embedded = await factory(config);
        const dryRun = async (tx: object, options?: unknown) => {
          dryRuns.push({ tx, options });
          return dryRunAnswer;
        };
        // A node version with a dry run only while a test gives it an answer.
        return {
          url: embedded.url,
          port: embedded.port,
          devMnemonic: embedded.devMnemonic,
          devAccountCount: embedded.devAccountCount,
          head: () => embedded.head(),
          stop: () => embedded.stop(),
          get dryRun() {
            return dryRunAnswer === null ? undefined : dryRun;
          },
        };
      },
      fetch,
      clipboard: { writeText() {} },
      secretStore: new UnavailableSecretStore('test', {
        available: false,
        backend: 'test',
        reason: 'MODULE_MISSING',
        message: 'No keychain.',
      }),
      scrypt: CHEAP_SCRYPT,
      embeddedPollMs: 25,
      settingsDefaults: { embeddedNode: { port: 0, blockTimeMs: 100 } },
    });
    await wallet.ready;
    await wallet.vault.initialize('Treasury-Desk-2024!');
    dev = (await wallet.vault.importDevAccounts(2)).map((a) => a.address);
  });
  afterAll(async () => {
    await wallet?.close();
    await node?.stop();
    await removeDir(dir);
  });
  beforeEach(() => {
    answers.clear();
    seen.length = 0;
    dryRuns.length = 0;
    dryRunAnswer = null;
  });

  it('estimates a TRC20 transfer with estimateenergy, splits base energy and penalty with a constant call, and offers the three fee limits', async () => {
    tokenAnswers();
    answers.set('/wallet/estimateenergy', () => ({ result: { result: true }, energy_required: 35_000 }));
    answers.set(
      '/wallet/triggerconstantcontract',
      constantByData({
        '313ce567': () => constantOk(300, word(['uint8'], [6n])),
        '95d89b41': () => constantOk(300, word(['string'], ['TT'])),
        '06fdde03': () => constantOk(300, word(['string'], ['Test Token'])),
        a9059cbb: () => constantOk(30_000, word(['bool'], [true]), [transferLog(dev[0]!, dev[1]!, 2_500_000n)], 2_500),
      }),
    );
    const estimate = await wallet.transactions.estimate(
      request({ kind: 'trc20-transfer', owner: dev[0]!, token: TOKEN, to: dev[1]!, amount: '2500000' }),
    );
    expect(estimate.energy).toEqual({
      method: 'estimateenergy',
      energy: 35_000n,
      baseEnergy: 27_500n,
      penalty: 2_500n,
    });
    const [fromEstimate, fromFactor, fromMax] = estimate.feeLimits;
    // 35,000 × 210 sun × 1.2; 27,500 × 1.12 × 210 × 1.2; 27,500 × 4.4 × 210 × 1.2.
    expect(fromEstimate).toMatchObject({ strategy: 'estimate', feeLimitSun: 8_820_000n, problem: null });
    expect(fromFactor).toMatchObject({ strategy: 'energy-factor', feeLimitSun: 7_761_600n, problem: null });
    expect(fromMax).toMatchObject({ strategy: 'max-factor', feeLimitSun: 30_492_000n, problem: null });

    const built = await wallet.transactions.build(
      request({ kind: 'trc20-transfer', owner: dev[0]!, token: TOKEN, to: dev[1]!, amount: '2500000' }),
    );
    expect(built.feeLimitSun).toBe(8_820_000n);
    // The cost counts what the call uses (base + penalty), not estimateenergy's upper bound.
    expect(built.cost.energy).toMatchObject({ energy: 30_000n, burnedSun: 6_300_000n });
    expect(built.summary).toContainEqual({ label: 'Amount', value: '2.5 TT', raw: '2,500,000 base units' });
  });

  it('falls back to a constant call on a node without estimateenergy and says which method ran', async () => {
    tokenAnswers();
    answers.set('/wallet/estimateenergy', () => ({
      result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexOf('this node does not support estimate energy') },
    }));
    answers.set('/wallet/triggerconstantcontract', () => constantOk(13_000, word(['bool'], [true])));
    const estimate = await wallet.transactions.estimate(
      request({ kind: 'call', owner: dev[0]!, contract: TOKEN, function: 'transfer', args: [dev[1]!, '1'] }),
    );
    expect(estimate.energy).toEqual({
      method: 'triggerconstantcontract',
      energy: 13_000n,
      baseEnergy: 13_000n,
      penalty: 0n,
    });
  });

  it('shows why a call reverts before anything is signed, and simulates it with a constant call', async () => {
    tokenAnswers();
    answers.set('/wallet/estimateenergy', () => ({
      result: { code: 'CONTRACT_EXE_ERROR', message: hexOf('REVERT opcode executed') },
    }));
    const revertData = `08c379a0${word(['string'], ['insufficient balance'])}`;
    answers.set('/wallet/triggerconstantcontract', () => ({
      result: { result: true, message: hexOf('REVERT opcode executed') },
      energy_used: 671,
      constant_result: [revertData],
    }));
    const req = request({ kind: 'call', owner: dev[1]!, contract: TOKEN, function: 'transfer', args: [dev[0]!, '1'] });
    const estimate = await wallet.transactions.estimate(req);
    expect(estimate.energy).toBeNull();
    expect(estimate.revertReason).toContain('insufficient balance');
    expect(estimate.feeLimits.every((s) => s.feeLimitSun === null)).toBe(true);

    const built = await wallet.transactions.build(req);
    expect(built.feeLimitSun).toBe(169_092n);
    const simulation = await wallet.transactions.simulate({ txid: built.txid });
    expect(dryRuns).toHaveLength(0);
    expect(simulation).toMatchObject({
      method: 'constant-call',
      success: false,
      result: 'REVERT',
      energyUsed: 671n,
      stateChanged: false,
    });
    expect(simulation.reason).toContain('insufficient balance');
    // A revert still burns the energy used: only the fee leaves the account.
    expect(simulation.balanceChanges).toEqual([
      { address: dev[1], asset: 'TRX', delta: -built.cost.burnedSun, decimals: 6 },
    ]);
  });

  it('simulates with a constant call where no dry run exists, decoding TRC20 movements from the logs', async () => {
    tokenAnswers();
    answers.set('/wallet/estimateenergy', () => 404);
    answers.set(
      '/wallet/triggerconstantcontract',
      constantByData({
        '313ce567': () => constantOk(300, word(['uint8'], [6n])),
        '95d89b41': () => constantOk(300, word(['string'], ['TT'])),
        '06fdde03': () => constantOk(300, word(['string'], ['Test Token'])),
        a9059cbb: () => constantOk(27_902, word(['bool'], [true]), [transferLog(dev[0]!, dev[1]!, 2_500_000n)]),
      }),
    );
    const built = await wallet.transactions.build(
      request({ kind: 'trc20-transfer', owner: dev[0]!, token: TOKEN, to: dev[1]!, amount: '2500000' }),
    );
    const simulation = await wallet.transactions.simulate({ txid: built.txid });
    expect(simulation).toMatchObject({
      method: 'constant-call',
      success: true,
      result: 'SUCCESS',
      energyUsed: 27_902n,
    });
    expect(simulation.balanceChanges).toEqual([
      { address: dev[0], asset: 'TRX', delta: -built.cost.burnedSun, decimals: 6 },
      { address: dev[0], asset: 'TT', delta: -2_500_000n, decimals: 6 },
      { address: dev[1], asset: 'TT', delta: 2_500_000n, decimals: 6 },
    ]);
    expect(simulation.logs[0]).toMatchObject({ address: TOKEN, event: 'Transfer(address,address,uint256)' });
    expect(simulation.logs[0]!.args.map((a) => a.value)).toEqual([dev[0], dev[1], '2500000']);
    expect(simulation.outOfEnergy.risk).toBe(false);
  });

  it('reads the node dry run: refusal, revert reason, balance changes and the expected signers of a draft', async () => {
    dryRunAnswer = {
      txId: 'ab',
      accepted: true,
      code: 'SUCCESS',
      message: '',
      contractRet: 'SUCCESS',
      fee: 2_100_000n,
      transactionInfo: { receipt: { net_fee: 100_000 }, log: [] },
      balanceChanges: [
        { address: toHexAddress(dev[0]!), trx: -4_600_000n, tokens: {}, created: false, deleted: false },
        {
          address: toHexAddress(address(0x1234)),
          trx: 2_500_000n,
          tokens: { '1000001': 5n },
          created: true,
          deleted: false,
        },
      ],
    };
    const built = await wallet.transactions.build(
      request({ kind: 'trx-transfer', owner: dev[0]!, to: address(0x1234), amountSun: '2500000' }),
    );
    const simulation = await wallet.transactions.simulate({ txid: built.txid });
    expect(dryRuns[0]!.options).toEqual({ signers: [toHexAddress(dev[0]!)], state: 'pending' });
    expect(simulation).toMatchObject({ method: 'dry-run', success: true, result: 'SUCCESS', reason: null });
    expect(simulation.balanceChanges).toEqual([
      { address: dev[0], asset: 'TRX', delta: -4_600_000n, decimals: 6 },
      { address: address(0x1234), asset: 'TRX', delta: 2_500_000n, decimals: 6 },
      { address: address(0x1234), asset: 'TRC10 1000001', delta: 5n, decimals: 0 },
    ]);

    expect(
      readDryRun({
        accepted: false,
        code: 'SIGERROR',
        message: 'Validate signature error: sig error',
        fee: 0n,
        balanceChanges: [],
      }),
    ).toMatchObject({ accepted: false, result: 'SIGERROR', message: 'Validate signature error: sig error' });
    expect(
      readDryRun({
        accepted: true,
        contractRet: 'REVERT',
        revertReason: 'insufficient balance',
        fee: 140_910n,
        transactionInfo: { receipt: { energy_usage_total: 671 }, resMessage: hexOf('REVERT opcode executed') },
        balanceChanges: [],
      }),
    ).toMatchObject({
      result: 'REVERT',
      revertReason: 'insufficient balance',
      message: 'REVERT opcode executed',
      energyUsed: 671n,
      feeSun: 140_910n,
    });
  });

  it("gives the dry run's balance refusal in the app's words, java-tron's text kept for the details line", async () => {
    const nodeText = 'Contract validate error : Validate TransferContract error, balance is not sufficient.';
    dryRunAnswer = {
      txId: 'ab',
      accepted: false,
      code: 'CONTRACT_VALIDATE_ERROR',
      message: nodeText,
      fee: 0n,
      balanceChanges: [],
    };
    const built = await wallet.transactions.build(
      request({ kind: 'trx-transfer', owner: dev[0]!, to: address(0x1234), amountSun: '2000000000000' }),
    );
    const simulation = await wallet.transactions.simulate({ txid: built.txid });
    expect(simulation).toMatchObject({
      method: 'dry-run',
      success: false,
      result: 'CONTRACT_VALIDATE_ERROR',
      reason:
        'The account does not hold enough TRX for this amount and its fees. Lower the amount or add TRX to the account.',
      reasonDetail: nodeText,
    });
  });

  it('refuses a fee_limit above 15,000 TRX when the estimate would need one', async () => {
    tokenAnswers();
    answers.set('/wallet/estimateenergy', () => ({ result: { result: true }, energy_required: 80_000_000 }));
    answers.set('/wallet/triggerconstantcontract', () => constantOk(80_000_000, word(['bool'], [true])));
    const req = request({ kind: 'call', owner: dev[0]!, contract: TOKEN, function: 'transfer', args: [dev[1]!, '1'] });
    const estimate = await wallet.transactions.estimate(req);
    expect(estimate.feeLimits.find((s) => s.strategy === 'estimate')).toMatchObject({
      feeLimitSun: null,
      problem: expect.stringMatching(/^Refused: .*15,000 TRX/),
    });
    await expectWalletError(wallet.transactions.build(req), 'ValidationError', 'TX_FEE_LIMIT_NEEDED');
  });

  it('decodes a view call, reads token facts and refuses arguments that do not fit', async () => {
    tokenAnswers();
    answers.set(
      '/wallet/triggerconstantcontract',
      constantByData({
        '70a08231': () => constantOk(476, word(['uint256'], [1_000_000_000n])),
        '313ce567': () => constantOk(300, word(['uint8'], [6n])),
        '95d89b41': () => constantOk(300, word(['string'], ['TT'])),
        '06fdde03': () => constantOk(300, word(['string'], ['Test Token'])),
      }),
    );
    const result = await wallet.contracts.call({ address: TOKEN, function: 'balanceOf', args: [dev[0]!] });
    expect(result).toMatchObject({
      function: 'balanceOf(address)',
      reverted: false,
      values: [{ name: '#0', type: 'uint256', value: '1000000000' }],
      energyUsed: 476n,
    });
    const view = await wallet.contracts.load({ address: TOKEN });
    expect(view).toMatchObject({ exists: true, abiSource: 'chain', energyFactor: 1200n, name: 'Token' });
    expect(view.functions.map((f) => f.signature)).toContain('transfer(address,uint256)');
    expect(await wallet.tokens.watch({ address: TOKEN })).toEqual({
      address: TOKEN,
      name: 'Test Token',
      symbol: 'TT',
      decimals: 6,
    });
    expect(wallet.tokens.list()).toHaveLength(1);
    const balances = await wallet.tokens.balances();
    expect(balances.balances.filter((b) => b.balance === 1_000_000_000n)).toHaveLength(2);
    await expectWalletError(
      wallet.contracts.call({ address: TOKEN, function: 'balanceOf', args: ['nope'] }),
      'ValidationError',
      'TX_BAD_ARGUMENTS',
    );
  });
});
