import { toBase58Address } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { Account, AccountResource, Permission } from '../../../src-core/client/types';
import { WalletError } from '../../../src-core/errors';
import type {
  AccountsSnapshot,
  AccountView,
  ChainAccount,
  PermissionView,
} from '../../../src-core/ipc/channels/accounts';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import type { NodeBlock } from '../../../src-core/ipc/channels/node';
import { stringifyJson } from '../../../src-core/json/lossless';
import type { EmitEvent, WalletLog } from '../context';

/** What the accounts service needs from the vault: public account facts and change notices. */
export interface AccountSource {
  listAccounts(): VaultAccount[];
  onAccountsChange(listener: () => void): () => void;
}

/** What it needs from the node host. */
export interface ChainSource {
  client(): TronNodeClient | null;
  status(): { state: string; source: 'embedded' | 'remote'; message?: string };
  network(): { key: string };
  onBlock(listener: (block: NodeBlock) => void): () => void;
  onNetworkChange(listener: () => void): () => void;
}

export interface AccountsServiceOptions {
  readonly accounts: AccountSource;
  readonly chain: ChainSource;
  readonly emit: EmitEvent;
  readonly log: WalletLog;
  /** A remote network is read at most this often (the embedded node: every block). */
  readonly remoteRefreshMs?: number;
  readonly now?: () => number;
}

/**
 * Vault accounts (watch-only included) with balances, bandwidth, energy and permissions read from
 * the current network through the node client. Refreshes on every embedded block, on a timer for
 * remote networks, and whenever the account list or the network changes; emits
 * `accounts:updated` when anything shown changed. Holds no keys: only what the vault lists.
 */
export class AccountsService {
  private current: AccountsSnapshot;
  private running: Promise<AccountsSnapshot> | null = null;
  private queued: Promise<AccountsSnapshot> | null = null;
  private lastRemoteRead = 0;
  private lastSignature = '';
  private readonly stops: (() => void)[] = [];
  /** Time of the latest block seen (chain time), for unstaking that has matured. */
  private headTime: number | undefined;

  constructor(private readonly options: AccountsServiceOptions) {
    this.current = {
      network: options.chain.network().key,
      updatedAt: null,
      accounts: this.withoutChain(this.idleReason()),
    };
    this.stops.push(
      options.chain.onBlock((block) => this.onBlock(block)),
      options.chain.onNetworkChange(() => {
        this.lastRemoteRead = 0;
        this.current = {
          network: options.chain.network().key,
          updatedAt: null,
          accounts: this.withoutChain(this.idleReason()),
        };
        this.publish();
        void this.refresh().catch(() => undefined);
      }),
      options.accounts.onAccountsChange(() => void this.refresh().catch(() => undefined)),
    );
  }

  snapshot(): AccountsSnapshot {
    // The list itself always comes from the vault, so a new account shows before its balance.
    const known = new Map(this.current.accounts.map((a) => [a.id, a]));
    const accounts = this.options.accounts
      .listAccounts()
      .map((account) => known.get(account.id) ?? { ...account, chain: null });
    return { ...this.current, accounts };
  }

  /**
   * Reads every account now. A call while a read is under way gets the read that follows it (the
   * one under way may have started before what the caller changed); calls meanwhile share it.
   */
  refresh(headBlock?: number): Promise<AccountsSnapshot> {
    if (this.running) {
      const after = this.running.catch(() => undefined);
      this.queued ??= after.then(() => {
        this.queued = null;
        return this.refresh();
      });
      return this.queued;
    }
    this.running = this.readAll(headBlock)
      .then((snapshot) => {
        this.current = snapshot;
        this.publish();
        return snapshot;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  private onBlock(block: NodeBlock): void {
    this.headTime = block.timestamp;
    const now = (this.options.now ?? Date.now)();
    if (this.options.chain.status().source === 'remote') {
      if (now - this.lastRemoteRead < (this.options.remoteRefreshMs ?? 15_000)) return;
      this.lastRemoteRead = now;
    }
    void this.refresh(block.number).catch((error: unknown) => {
      this.options.log.warn('Reading accounts failed', { code: error instanceof WalletError ? error.code : undefined });
    });
  }

  private publish(): void {
    const snapshot = this.snapshot();
    const signature = stringifyJson({ ...snapshot, updatedAt: null });
    if (signature === this.lastSignature) return;
    this.lastSignature = signature;
    this.options.emit('accounts:updated', snapshot);
  }

  private idleReason(): string {
    const status = this.options.chain.status();
    if (status.source === 'embedded') return 'The embedded node is not running.';
    return status.message ?? 'The network is not connected.';
  }

  private withoutChain(reason: string): AccountView[] {
    return this.options.accounts.listAccounts().map((account) => ({ ...account, chain: null, error: reason }));
  }

  private async readAll(headBlock?: number): Promise<AccountsSnapshot> {
    const network = this.options.chain.network().key;
    const client = this.options.chain.client();
    const accounts = this.options.accounts.listAccounts();
    if (!client) return { network, updatedAt: this.current.updatedAt, accounts: this.withoutChain(this.idleReason()) };
    const views = await Promise.all(accounts.map((account) => readAccount(client, account, this.headTime)));
    return {
      network,
      ...(headBlock !== undefined ? { headBlock } : {}),
      updatedAt: (this.options.now ?? Date.now)(),
      accounts: views,
    };
  }
}

async function readAccount(
  client: TronNodeClient,
  account: VaultAccount,
  headTime: number | undefined,
): Promise<AccountView> {
  try {
    const [chainAccount, resource] = await Promise.all([
      client.getAccount(account.address),
      client.getAccountResource(account.address),
    ]);
    return { ...account, chain: chainView(account, chainAccount, resource, headTime) };
  } catch (error) {
    const message = error instanceof WalletError ? error.message : 'The node could not be read.';
    return { ...account, chain: null, error: message };
  }
}

function chainView(
  account: VaultAccount,
  found: Account | null,
  resource: AccountResource | null,
  headTime?: number,
): ChainAccount {
  const bandwidth = {
    freeUsed: resource?.freeNetUsed ?? 0,
    freeLimit: resource?.freeNetLimit ?? 0,
    used: resource?.NetUsed ?? 0,
    limit: resource?.NetLimit ?? 0,
  };
  const energy = { used: resource?.EnergyUsed ?? 0, limit: resource?.EnergyLimit ?? 0 };
  if (!found) {
    // java-tron's implicit default for an address that has never received TRX.
    const owner: PermissionView = {
      type: 'Owner',
      id: 0,
      name: 'owner',
      threshold: 1n,
      operations: '',
      keys: [{ address: account.address, weight: 1n }],
    };
    return { exists: false, balanceSun: 0n, bandwidth, energy, owner, witness: null, actives: [] };
  }
  const stakedOf = (type: string) =>
    found.frozenV2.filter((f) => f.type === type).reduce((sum, f) => sum + f.amount, 0n);
  const unfreezing = found.unfrozenV2.reduce((sum, u) => sum + u.unfreeze_amount, 0n);
  const withdrawable =
    headTime === undefined
      ? 0n
      : found.unfrozenV2
          .filter((u) => u.unfreeze_expire_time <= headTime)
          .reduce((sum, u) => sum + u.unfreeze_amount, 0n);
  return {
    exists: true,
    balanceSun: found.balance,
    bandwidth,
    energy,
    staked: {
      // Delegated stake counts as the owner's: it left the balance and comes back on reclaiming.
      bandwidthSun: stakedOf('BANDWIDTH') + found.delegated_frozenV2_balance_for_bandwidth,
      energySun: stakedOf('ENERGY') + found.account_resource.delegated_frozenV2_balance_for_energy,
      unfreezingSun: unfreezing,
      withdrawableSun: withdrawable,
      delegatedOutSun:
        found.delegated_frozenV2_balance_for_bandwidth + found.account_resource.delegated_frozenV2_balance_for_energy,
    },
    trc10: found.assetV2.map((a) => ({ tokenId: a.key, amount: a.value })),
    owner: permissionView(found.owner_permission),
    witness: found.witness_permission ? permissionView(found.witness_permission) : null,
    actives: found.active_permission.map(permissionView),
  };
}

function permissionView(permission: Permission): PermissionView {
  return {
    type: permission.type,
    id: permission.id,
    name: permission.permission_name,
    threshold: permission.threshold,
    operations: permission.operations,
    keys: permission.keys.map((key) => ({ address: toBase58Address(key.address), weight: key.weight })),
  };
}
