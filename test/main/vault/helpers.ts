import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { VaultClock } from '../../../src-main/vault/auto-lock';
import type { ScryptParams } from '../../../src-main/vault/kdf';
import type { SecretStore, SecretStoreStatus } from '../../../src-main/vault/secret-store';
import { Vault, type VaultOptions } from '../../../src-main/vault/vault';

/** Cheapest parameters the vault accepts: keeps tests fast; the default cost has its own test. */
export const CHEAP_SCRYPT: ScryptParams = { N: 1024, r: 8, p: 1 };

export async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'vault-test-'));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Time that moves only when the test says so; timers fire in order inside `advance`. */
export class FakeClock implements VaultClock {
  private timers: { at: number; callback: () => void; id: number }[] = [];
  private nextId = 1;
  constructor(public time = 1_700_000_000_000) {}

  now(): number {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, callback, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }
  get pending(): number {
    return this.timers.length;
  }
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.time = next.at;
      next.callback();
    }
    this.time = end;
  }
}

/** An in-memory keychain; `fail` makes every call throw the given backend message. */
export class MemorySecretStore implements SecretStore {
  readonly backend = 'memory';
  readonly entries = new Map<string, Uint8Array>();
  fail: string | null = null;

  async probe(): Promise<SecretStoreStatus> {
    return this.fail === null
      ? { available: true, backend: this.backend }
      : { available: false, backend: this.backend, reason: 'NO_SERVICE', message: this.fail, detail: this.fail };
  }
  async get(account: string): Promise<Uint8Array | null> {
    this.check();
    const value = this.entries.get(account);
    return value ? new Uint8Array(value) : null;
  }
  async set(account: string, secret: Uint8Array): Promise<void> {
    this.check();
    // A copy: callers zero their buffer afterwards (and Buffer#slice would only be a view).
    this.entries.set(account, new Uint8Array(secret));
  }
  async delete(account: string): Promise<boolean> {
    this.check();
    return this.entries.delete(account);
  }
  private check(): void {
    if (this.fail !== null) throw new Error(this.fail);
  }
}

export interface TestVault {
  vault: Vault;
  dir: string;
  clock: FakeClock;
  store: MemorySecretStore;
  reopen(extra?: Partial<VaultOptions>): Promise<Vault>;
}

export const PASSWORD = 'correct horse battery staple';

/** A vault in a fresh directory with cheap scrypt, a fake clock and a memory keychain. */
export async function openTestVault(
  options: Partial<VaultOptions> & { initialize?: boolean } = {},
): Promise<TestVault> {
  const dir = options.dataDir ?? (await tempDir());
  const clock = (options.clock as FakeClock | undefined) ?? new FakeClock();
  const store = (options.secretStore as MemorySecretStore | undefined) ?? new MemorySecretStore();
  const make = (extra: Partial<VaultOptions> = {}) =>
    Vault.open({ scrypt: CHEAP_SCRYPT, ...options, dataDir: dir, clock, secretStore: store, ...extra });
  const vault = await make();
  if (options.initialize !== false) await vault.initialize(PASSWORD);
  return { vault, dir, clock, store, reopen: make };
}

/** Runs `action` and returns the error it throws, failing the test if it does not throw. */
export async function caught(
  action: () => unknown,
): Promise<{ name: string; code: string; message: string; details?: Record<string, unknown> }> {
  try {
    await action();
  } catch (error) {
    return error as { name: string; code: string; message: string; details?: Record<string, unknown> };
  }
  throw new Error('expected the action to throw');
}

/** Test vaults opened through `setup`, each disposed and its folder deleted after every test. */
export function useTestVaults(): { setup(): Promise<TestVault>; reopen(t: TestVault): Promise<Vault> } {
  const dirs: string[] = [];
  const vaults: Vault[] = [];
  afterEach(async () => {
    for (const vault of vaults.splice(0)) vault.dispose();
    for (const dir of dirs.splice(0)) await removeDir(dir);
  });
  return {
    async setup() {
      const t = await openTestVault();
      dirs.push(t.dir);
      vaults.push(t.vault);
      return t;
    },
    async reopen(t) {
      t.vault.dispose();
      const vault = await t.reopen();
      vaults.push(vault);
      return vault;
    },
  };
}
