import { chainParametersFromNode, type ChainParameters } from '../../../src-core/chain/parameters';
import type { TronNodeClient } from '../../../src-core/client/client';

/**
 * Facts of the chain a client reads that every service needs and that rarely change: the genesis
 * block id (never, for one chain) and the chain parameters (proposals change them at maintenance,
 * every 6 h; kept a minute). Both belong to one client: a network switch makes a new client, and
 * with it fresh facts.
 */
export const PARAMETERS_TTL_MS = 60_000;

export class ChainFacts {
  private genesis: { client: TronNodeClient; id: Promise<string> } | null = null;
  private parameters: { client: TronNodeClient; at: number; value: Promise<ChainParameters> } | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** The genesis block id in lowercase hex; read once per client. */
  genesisId(client: TronNodeClient): Promise<string> {
    if (this.genesis?.client !== client) this.genesis = { client, id: this.read(client) };
    return this.genesis.id;
  }

  /** Seeds the genesis id when it was read anyway (connecting to a remote node checks it). */
  knowGenesis(client: TronNodeClient, id: string): void {
    this.genesis = { client, id: Promise.resolve(id.toLowerCase()) };
  }

  /** The live chain parameters over the defaults of src-core/chain/parameters.ts (`chainParametersFromNode`). */
  chainParameters(client: TronNodeClient): Promise<ChainParameters> {
    const cached = this.parameters;
    if (cached && cached.client === client && this.now() - cached.at < PARAMETERS_TTL_MS) return cached.value;
    const value = client.getChainParameters().then(chainParametersFromNode);
    const entry = { client, at: this.now(), value };
    this.parameters = entry;
    // A failed read is not kept: the next call asks the node again.
    value.catch(() => {
      if (this.parameters === entry) this.parameters = null;
    });
    return value;
  }

  private read(client: TronNodeClient): Promise<string> {
    const id = client.getGenesisBlockId().then((text) => text.toLowerCase());
    id.catch(() => {
      if (this.genesis?.client === client && this.genesis.id === id) this.genesis = null;
    });
    return id;
  }
}
