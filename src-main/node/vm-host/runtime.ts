import type { HexAddress } from '../../../src-core/brand';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import { hexToBytes } from '../../../src-core/bytes/hex';
import type { ActuatorResult, ExecutionBlock } from '../model/execution';
import type { StateView } from '../state/view';
import { TronVm } from '../vm/tron-vm';
import { createMemoryWorldState } from '../vm/memory-backend';
import type { VmTransactionResult } from '../vm/requests';
import type { BlockContext } from '../vm/types';
import type { JournaledWorldState } from '../vm/journaled-world-state';
import { NodeStoppingError } from '../errors';
import { ConstantMachines } from './constant-machines';
import { nodeStakingHooks } from './world-staking';
import type { ViewWorldBackend } from './world-backend';
import { worldOver } from './world-backend';
import type { VmChainPort, VmPoolPort } from './ports';

/**
 * The node's smart-contract runtime: one `TronVm` kept in step with the chain parameters, the
 * block context of an execution, and worlds over node state views. The actuators, the HTTP
 * endpoints (constant calls, estimates) and the dry run all go through it.
 */
export interface ContractSettings {
  /** java-tron `vm.saveInternalTx`. */
  readonly saveInternalTx: boolean;
  /** java-tron `vm.saveFeaturedInternalTx`: with saveInternalTx, keep the staking/vote ones too. */
  readonly saveFeaturedInternalTx: boolean;
  /** java-tron `vm.estimateEnergy`: /wallet/estimateenergy answers only when on. */
  readonly estimateEnergy: boolean;
  /** java-tron `vm.maxEnergyLimitForConstant`. */
  readonly maxEnergyLimitForConstant: bigint;
  /** CPU time of each constant-call or estimate run before OUT_OF_TIME (ms); 0 = no limit. */
  readonly maxConstantCallMs: number;
}

/** Constant calls that run at once, each on a VM of its own; more wait for one to be free. */
const CONSTANT_MACHINES = 4;

/** `getBlackHoleAddress` on mainnet (T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb). */
export const BLACK_HOLE_ADDRESS = '4177944d19c052b73ee2286823aa83f8138cb7032f' as HexAddress;

export class ContractRuntime {
  /** Full VM results behind the actuator results they produced (the dry run reads them). */
  readonly executions = new WeakMap<ActuatorResult, VmTransactionResult>();
  private chainRef: VmChainPort | undefined;
  private poolRef: VmPoolPort | undefined;
  private readonly constantMachines: ConstantMachines;
  private readonly constantRuns = new Set<Promise<unknown>>();
  private stopping = false;

  private constructor(
    private readonly vm: TronVm,
    readonly settings: ContractSettings,
    newVm: () => Promise<TronVm>,
  ) {
    this.constantMachines = new ConstantMachines(newVm, CONSTANT_MACHINES);
  }

  static async create(parameters: ChainParameters, settings: ContractSettings): Promise<ContractRuntime> {
    // The world given at creation only seeds the EVM's state manager; every call brings its own.
    const newVm = () =>
      TronVm.create(
        {
          parameters,
          staking: nodeStakingHooks(),
          blackHoleAddress: BLACK_HOLE_ADDRESS,
          maxEnergyLimitForConstant: settings.maxEnergyLimitForConstant,
        },
        createMemoryWorldState().world,
      );
    return new ContractRuntime(await newVm(), settings, newVm);
  }

  attach(chain: VmChainPort, pool: VmPoolPort): void {
    this.chainRef = chain;
    this.poolRef = pool;
  }

  get chain(): VmChainPort {
    if (!this.chainRef) throw new Error('The contract runtime is not attached to a chain yet.');
    return this.chainRef;
  }

  get pool(): VmPoolPort {
    if (!this.poolRef) throw new Error('The contract runtime is not attached to a pool yet.');
    return this.poolRef;
  }

  /** The VM, switched to `parameters` first when a maintenance period changed them. */
  async machine(parameters: ChainParameters): Promise<TronVm> {
    if (this.vm.parameters !== parameters) await this.vm.setChainParameters(parameters);
    return this.vm;
  }

  /**
   * Runs `job` on a VM for constant calls and estimates (never the one transactions run on), at
   * the chain's current parameters. Once the node is stopping it answers a rejected promise (never
   * a throw), so callers that chain on the promise see the refusal too.
   */
  constantRun<T>(job: (vm: TronVm) => Promise<T>): Promise<T> {
    if (this.stopping) return Promise.reject(new NodeStoppingError());
    const run = this.constantMachines.use(() => this.chain.props.parameters, job);
    this.constantRuns.add(run);
    const forget = () => this.constantRuns.delete(run);
    run.then(forget, forget);
    return run;
  }

  /** Refuses new constant runs and ends the ones under way at their next pause. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.constantRuns]);
  }

  /** Throws once the node is stopping (a constant run's pauses call it). */
  checkRunning(): void {
    if (this.stopping) throw new NodeStoppingError();
  }

  /** A VM world over `view`: reads the view, `flush()` writes into it. */
  world(view: StateView): { world: JournaledWorldState; backend: ViewWorldBackend } {
    const props = view.props;
    return worldOver(view, {
      headTimestamp: props.headTimestamp,
      activeOperations: hexToBytes(props.activeDefaultOperations),
      nowSlot: this.chain.clock.headSlot,
    });
  }

  /** The VM's block context for a transaction executing in `block`. */
  blockContext(block: ExecutionBlock): BlockContext {
    const chain = this.chain;
    return {
      number: BigInt(block.number),
      timestampMs: BigInt(block.timestamp),
      witness: block.witnessHex as HexAddress,
      blockIdByNumber: (n) => chain.recentBlockId(Number(n)),
      genesisBlockId: chain.genesisId,
      currentCycle: BigInt(chain.props.maintenanceCycle),
      latestBlockTimestampMs: BigInt(chain.props.headTimestamp),
    };
  }

  /** Constant calls run in the head block (java-tron passes the head BlockCapsule). */
  headBlockContext(): BlockContext {
    const p = this.chain.props;
    const witness = p.headNumber === 0 ? `41${'00'.repeat(20)}` : this.chain.clock.witnessAt(p.headTimestamp);
    return this.blockContext({ number: p.headNumber, timestamp: p.headTimestamp, witnessHex: witness });
  }
}
