import { describe, expect, it } from 'vitest';
import { ContractCallError, NetworkError, NodeApiError, ValidationError } from '../../../src-core/errors';
import { vectors } from '../../fixtures/vectors';
import { NODE_URL, clientFor, hexOf, ok, raw } from './fake-node';
import { K1, unsignedFromVector } from '../../fixtures/java-tron/nile-responses';

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

const triggerVector = vectors.transactions.find(
  (t: { name: string }) => t.name === 'trigger_trc20_transfer_multisig_pid2',
);
const TRONWEB_BODY = triggerVector.node_request_body_tronweb_would_send as Record<string, unknown>;
const USDT_LIKE = TRONWEB_BODY.contract_address as string;
const PARAMETER = TRONWEB_BODY.parameter as string;

/** A triggerconstantcontract success, as java-tron prints it. */
const CONSTANT_OK = {
  result: { result: true },
  energy_used: 935,
  constant_result: ['00000000000000000000000000000000000000000000000000000000000f4240'],
  transaction: {
    ret: [{}],
    visible: false,
    txID: unsignedFromVector('trigger_trc20_transfer_multisig_pid2').txID,
    raw_data: unsignedFromVector('trigger_trc20_transfer_multisig_pid2').raw_data,
    raw_data_hex: unsignedFromVector('trigger_trc20_transfer_multisig_pid2').raw_data_hex,
  },
};

function validateError(message: string) {
  return ok({ result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexOf(message) } });
}

describe('triggersmartcontract', () => {
  it('sends the same body TronWeb sends and returns the unsigned transaction', async () => {
    const answer = {
      result: { result: true },
      transaction: unsignedFromVector('trigger_trc20_transfer_multisig_pid2'),
    };
    const { client, node } = clientFor({ '/wallet/triggersmartcontract': ok(answer) });
    const result = await client.triggerSmartContract({
      contract_address: USDT_LIKE,
      owner_address: K1.base58,
      function_selector: 'transfer(address,uint256)',
      parameter: PARAMETER,
      call_value: 0n,
      fee_limit: 100_000_000n,
      Permission_id: 2,
    });
    expect(node.only().url).toBe(`${NODE_URL}/wallet/triggersmartcontract`);
    expect(node.only().json).toEqual(TRONWEB_BODY);
    expect(result.transaction).toEqual(answer.transaction);
    expect(result.constant_result).toEqual([]);
    expect(result.energy_used).toBe(0);
  });

  it('throws ContractCallError with the decoded message for CONTRACT_VALIDATE_ERROR', async () => {
    const { client } = clientFor({
      '/wallet/triggersmartcontract': validateError('No contract or not a valid smart contract'),
    });
    const error = (await caught(
      client.triggerSmartContract({ owner_address: K1.hex, contract_address: USDT_LIKE, data: 'a9059cbb' }),
    )) as ContractCallError;
    expect(error).toBeInstanceOf(ContractCallError);
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.code).toBe('CONTRACT_CALL_FAILED');
    expect(error.nodeCode).toBe('CONTRACT_VALIDATE_ERROR');
    expect(error.nodeMessage).toBe('No contract or not a valid smart contract');
    expect(error.message).toContain('No contract or not a valid smart contract');
  });

  it('throws ContractCallError for OTHER_ERROR with the Java class text', async () => {
    const text = "class java.security.InvalidParameterException : contract_address isn't set.";
    const { client } = clientFor({
      '/wallet/triggersmartcontract': ok({ result: { code: 'OTHER_ERROR', message: hexOf(text) } }),
    });
    const error = (await caught(
      client.triggerSmartContract({ owner_address: K1.hex, contract_address: USDT_LIKE }),
    )) as ContractCallError;
    expect(error.nodeCode).toBe('OTHER_ERROR');
    expect(error.nodeMessage).toBe(text);
  });

  it('requires contract_address before sending', async () => {
    const { client, node } = clientFor({});
    const error = (await caught(client.triggerSmartContract({ owner_address: K1.hex } as never))) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(node.calls).toHaveLength(0);
  });

  it('refuses function_selector together with data, which java-tron rejects', async () => {
    const { client, node } = clientFor({});
    const error = (await caught(
      client.triggerSmartContract({
        owner_address: K1.hex,
        contract_address: USDT_LIKE,
        function_selector: 'f()',
        data: 'aa',
      }),
    )) as ValidationError;
    expect(error.code).toBe('CLIENT_BAD_ARGUMENT');
    expect(node.calls).toHaveLength(0);
  });
});

describe('triggerconstantcontract', () => {
  it('returns constant_result, energy and the simulated transaction', async () => {
    const { client, node } = clientFor({
      '/wallet/triggerconstantcontract': ok({ ...CONSTANT_OK, energy_penalty: 100 }),
    });
    const result = await client.triggerConstantContract({
      owner_address: K1.hex,
      contract_address: USDT_LIKE,
      function_selector: 'balanceOf(address)',
      parameter: PARAMETER.slice(0, 64),
    });
    expect(node.only().json).toEqual({
      owner_address: K1.hex,
      contract_address: USDT_LIKE,
      function_selector: 'balanceOf(address)',
      parameter: PARAMETER.slice(0, 64),
    });
    expect(result.constant_result).toEqual(CONSTANT_OK.constant_result);
    expect(result.energy_used).toBe(935);
    expect(result.energy_penalty).toBe(100);
    expect(result.reverted).toBe(false);
    expect(result.transaction?.txID).toBe(CONSTANT_OK.transaction.txID);
  });

  it('refuses an empty owner_address before asking the node (java-tron Util.validateParameter refuses it), asks the solidity view', async () => {
    const { client, node } = clientFor({ '/walletsolidity/triggerconstantcontract': ok(CONSTANT_OK) });
    await expect(
      client.triggerConstantContract({ owner_address: '', contract_address: USDT_LIKE, data: '70a08231' }),
    ).rejects.toMatchObject({ name: 'AddressError', code: 'ADDRESS_EMPTY' });
    await expect(
      client.estimateEnergy({ owner_address: '', contract_address: USDT_LIKE, data: '70a08231' }),
    ).rejects.toMatchObject({ name: 'AddressError', code: 'ADDRESS_EMPTY' });
    const zero = `41${'00'.repeat(20)}`;
    await client.triggerConstantContract(
      { owner_address: zero, contract_address: USDT_LIKE, data: '70a08231' },
      { solidity: true },
    );
    expect(node.only().url).toBe(`${NODE_URL}/walletsolidity/triggerconstantcontract`);
    expect(node.only().json).toEqual({ owner_address: zero, contract_address: USDT_LIKE, data: '70a08231' });
  });

  it('reports a REVERT as a result with the revert data, not as an error', async () => {
    const revertData = '08c379a0' + '0'.repeat(56) + '20';
    const answer = {
      result: { result: true, message: hexOf('REVERT opcode executed') },
      energy_used: 512,
      constant_result: [revertData],
      transaction: { ...CONSTANT_OK.transaction, ret: [{ ret: 'FAILED' }] },
    };
    const { client } = clientFor({ '/wallet/triggerconstantcontract': ok(answer) });
    const result = await client.triggerConstantContract({
      owner_address: K1.hex,
      contract_address: USDT_LIKE,
      data: 'a9059cbb',
    });
    expect(result.reverted).toBe(true);
    expect(result.message).toBe('REVERT opcode executed');
    expect(result.constant_result).toEqual([revertData]);
  });

  it('simulates a deployment when no contract_address is given', async () => {
    const { client, node } = clientFor({
      '/wallet/triggerconstantcontract': ok({ result: { result: true }, energy_used: 70000 }),
    });
    await client.triggerConstantContract({ owner_address: K1.hex, data: '6080604052' });
    expect(node.only().json).toEqual({ owner_address: K1.hex, data: '6080604052' });
  });

  it('throws ContractCallError for "Smart contract is not exist."', async () => {
    const { client } = clientFor({ '/wallet/triggerconstantcontract': validateError('Smart contract is not exist.') });
    const error = (await caught(
      client.triggerConstantContract({ owner_address: K1.hex, contract_address: USDT_LIKE, data: '70a08231' }),
    )) as ContractCallError;
    expect(error.nodeCode).toBe('CONTRACT_VALIDATE_ERROR');
    expect(error.nodeMessage).toBe('Smart contract is not exist.');
  });
});

describe('estimateenergy', () => {
  const request = {
    owner_address: K1.hex,
    contract_address: USDT_LIKE,
    function_selector: 'transfer(address,uint256)',
    parameter: PARAMETER,
  };

  it('uses /wallet/estimateenergy when the node supports it', async () => {
    const { client, node } = clientFor({
      '/wallet/estimateenergy': ok({ result: { result: true }, energy_required: 1870 }),
    });
    const estimate = await client.estimateEnergy(request);
    expect(node.only().url).toBe(`${NODE_URL}/wallet/estimateenergy`);
    expect(node.only().json).toEqual(request);
    expect(estimate).toEqual({
      method: 'estimateenergy',
      energy_required: 1870,
      base_energy: undefined,
      energy_penalty: undefined,
    });
  });

  it.each([
    ['this node does not support estimate energy'],
    ['this node does not support constant, so estimate energy cannot work'],
  ])('falls back to triggerconstantcontract when the node says "%s"', async (message) => {
    const { client, node } = clientFor({
      '/wallet/estimateenergy': validateError(message),
      '/wallet/triggerconstantcontract': ok({ ...CONSTANT_OK, energy_used: 31895, energy_penalty: 2895 }),
    });
    const estimate = await client.estimateEnergy(request);
    expect(node.calls.map((c) => c.path)).toEqual(['/wallet/estimateenergy', '/wallet/triggerconstantcontract']);
    expect(node.calls[1]!.json).toEqual(request);
    expect(estimate).toEqual({
      method: 'triggerconstantcontract',
      energy_required: 31895,
      base_energy: 29000,
      energy_penalty: 2895,
    });
  });

  it('falls back when the node has no estimateenergy endpoint (HTTP 404)', async () => {
    const { client } = clientFor({
      '/wallet/estimateenergy': raw('{"Error": "this API is unavailable due to config"}', 404),
      '/wallet/triggerconstantcontract': ok(CONSTANT_OK),
    });
    const estimate = await client.estimateEnergy(request);
    expect(estimate.method).toBe('triggerconstantcontract');
    expect(estimate.base_energy).toBe(935);
    expect(estimate.energy_penalty).toBe(0);
  });

  it('does not fall back for a genuine validation error', async () => {
    const { client, node } = clientFor({ '/wallet/estimateenergy': validateError('Smart contract is not exist.') });
    const error = (await caught(client.estimateEnergy(request))) as ContractCallError;
    expect(error.nodeMessage).toBe('Smart contract is not exist.');
    expect(node.calls).toHaveLength(1);
  });

  it('reports a reverting call as CONTRACT_EXE_ERROR, from either method', async () => {
    const fromEstimate = clientFor({
      '/wallet/estimateenergy': ok({
        result: { code: 'CONTRACT_EXE_ERROR', message: hexOf('REVERT opcode executed') },
      }),
    });
    const first = (await caught(fromEstimate.client.estimateEnergy(request))) as ContractCallError;
    expect(first.nodeCode).toBe('CONTRACT_EXE_ERROR');

    const fromFallback = clientFor({
      '/wallet/estimateenergy': validateError('this node does not support estimate energy'),
      '/wallet/triggerconstantcontract': ok({
        ...CONSTANT_OK,
        result: { result: true, message: hexOf('REVERT opcode executed') },
        transaction: { ...CONSTANT_OK.transaction, ret: [{ ret: 'FAILED' }] },
      }),
    });
    const second = (await caught(fromFallback.client.estimateEnergy(request))) as ContractCallError;
    expect(second).toBeInstanceOf(ContractCallError);
    expect(second.nodeCode).toBe('CONTRACT_EXE_ERROR');
    expect(second.nodeMessage).toBe('REVERT opcode executed');
  });

  it('passes on a failure of the fallback itself', async () => {
    const { client } = clientFor({
      '/wallet/estimateenergy': validateError('this node does not support constant, so estimate energy cannot work'),
      '/wallet/triggerconstantcontract': validateError('this node does not support constant'),
    });
    const error = (await caught(client.estimateEnergy(request))) as ContractCallError;
    expect(error.nodeMessage).toBe('this node does not support constant');
  });

  it('does not fall back on transport failures other than a missing endpoint', async () => {
    const { client, node } = clientFor({ '/wallet/estimateenergy': raw('busy', 503) });
    const error = (await caught(client.estimateEnergy(request))) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.code).toBe('NETWORK_HTTP_STATUS');
    expect(node.calls).toHaveLength(1);
  });

  it('refuses a success without energy_required', async () => {
    const { client } = clientFor({ '/wallet/estimateenergy': ok({ result: { result: true } }) });
    expect(((await caught(client.estimateEnergy(request))) as NodeApiError).code).toBe('NODE_BAD_RESPONSE');
  });
});
