import type { ChainParameters } from '../../../src-core/chain/parameters';
import type { TronVm } from '../vm/tron-vm';

/**
 * The VMs constant calls and estimates run on, apart from the one transactions run on. A constant
 * call pauses mid-run to let block production and other requests in (`pool-turns.ts`); a block
 * being produced must then find its own VM free, and a second constant call need not wait for the
 * first one's whole run. At most `size` VMs exist; a call beyond that waits for one to be free.
 */
export class ConstantMachines {
  private readonly idle: TronVm[] = [];
  private readonly waiting: ((vm: TronVm) => void)[] = [];
  private created = 0;

  constructor(
    private readonly create: () => Promise<TronVm>,
    private readonly size: number,
  ) {}

  /** Runs `job` on a VM of its own, switched to `parameters` first when they changed. */
  async use<T>(parameters: () => ChainParameters, job: (vm: TronVm) => Promise<T>): Promise<T> {
    const vm = await this.acquire();
    try {
      const current = parameters();
      if (vm.parameters !== current) await vm.setChainParameters(current);
      return await job(vm);
    } finally {
      this.release(vm);
    }
  }

  private async acquire(): Promise<TronVm> {
    const free = this.idle.pop();
    if (free !== undefined) return free;
    if (this.created < this.size) {
      this.created += 1;
      try {
        return await this.create();
      } catch (error) {
        this.created -= 1;
        throw error;
      }
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(vm: TronVm): void {
    const next = this.waiting.shift();
    if (next !== undefined) next(vm);
    else this.idle.push(vm);
  }
}
