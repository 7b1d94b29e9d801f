import { describe, expect, it } from 'vitest';
import type { TronNodeClient } from '@core/client/client';
import { DEFAULT_CHAIN_PARAMETERS } from '@core/chain/parameters';
import { ChainFacts, PARAMETERS_TTL_MS } from '@main/wallet/node-host/chain-facts';

/** A client that answers the two reads ChainFacts makes and counts them. */
function countingClient(options: { genesis?: string; energyFee?: bigint; failParameters?: number } = {}) {
  const calls = { genesis: 0, parameters: 0 };
  let failures = options.failParameters ?? 0;
  const client = {
    getGenesisBlockId: async () => {
      calls.genesis++;
      return options.genesis ?? '00000000000000001EBF88508A03865AB4C1B3D4F7E3A2C1B0A9F8E7D6C5B4A3';
    },
    getChainParameters: async () => {
      calls.parameters++;
      if (failures > 0) {
        failures--;
        throw new Error('node busy');
      }
      return { getEnergyFee: options.energyFee ?? 100n, getTotalSignNum: 7n };
    },
  } as unknown as TronNodeClient;
  return { client, calls };
}

describe('chain facts of one client', () => {
  it('reads the genesis id once per client, in lowercase, even when asked twice at once', async () => {
    const facts = new ChainFacts();
    const { client, calls } = countingClient();
    const [a, b] = await Promise.all([facts.genesisId(client), facts.genesisId(client)]);
    expect(a).toBe('00000000000000001ebf88508a03865ab4c1b3d4f7e3a2c1b0a9f8e7d6c5b4a3');
    expect(b).toBe(a);
    expect(await facts.genesisId(client)).toBe(a);
    expect(calls.genesis).toBe(1);
  });

  it('reads the genesis id afresh for another client (another network)', async () => {
    const facts = new ChainFacts();
    const first = countingClient({ genesis: 'AA'.repeat(32) });
    const second = countingClient({ genesis: 'BB'.repeat(32) });
    expect(await facts.genesisId(first.client)).toBe('aa'.repeat(32));
    expect(await facts.genesisId(second.client)).toBe('bb'.repeat(32));
  });

  it('uses a genesis id it was told instead of asking the node', async () => {
    const facts = new ChainFacts();
    const { client, calls } = countingClient();
    facts.knowGenesis(client, 'CC'.repeat(32));
    expect(await facts.genesisId(client)).toBe('cc'.repeat(32));
    expect(calls.genesis).toBe(0);
  });

  it('lays the live parameters over the defaults, keeping keys the defaults do not list', async () => {
    const facts = new ChainFacts();
    const { client } = countingClient({ energyFee: 100n });
    const parameters = await facts.chainParameters(client);
    expect(parameters.getEnergyFee).toBe(100n);
    expect(parameters.getTransactionFee).toBe(DEFAULT_CHAIN_PARAMETERS.getTransactionFee);
    expect((parameters as unknown as Record<string, bigint>).getTotalSignNum).toBe(7n);
  });

  it('keeps the parameters a minute, then reads them again', async () => {
    let now = 1_000_000;
    const facts = new ChainFacts(() => now);
    const { client, calls } = countingClient();
    await facts.chainParameters(client);
    now += PARAMETERS_TTL_MS - 1;
    await facts.chainParameters(client);
    expect(calls.parameters).toBe(1);
    now += 1;
    await facts.chainParameters(client);
    expect(calls.parameters).toBe(2);
  });

  it('does not keep a failed read: the next call asks the node again', async () => {
    const facts = new ChainFacts();
    const { client, calls } = countingClient({ failParameters: 1 });
    await expect(facts.chainParameters(client)).rejects.toThrow('node busy');
    expect((await facts.chainParameters(client)).getEnergyFee).toBe(100n);
    expect(calls.parameters).toBe(2);
  });
});
