import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { EventName, EventPayload } from '../../../src-core/ipc/contract';
import { events as eventSpecs } from '../../../src-core/ipc/contract';
import { WalletError } from '../../../src-core/errors';
import type { EmitEvent, WalletLog } from '../../../src-main/wallet/context';
import { UnavailableSecretStore } from '../../../src-main/vault/secret-store';

export async function tempDir(prefix = 'wallet-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export const quietLog: WalletLog = { info() {}, warn() {}, error() {} };

export interface RecordedEvents {
  readonly emit: EmitEvent;
  readonly all: { event: string; payload: unknown }[];
  of<K extends EventName>(event: K): EventPayload<K>[];
  /** Resolves with the first payload of `event` that matches, checking those already seen first. */
  waitFor<K extends EventName>(
    event: K,
    match?: (payload: EventPayload<K>) => boolean,
    timeoutMs?: number,
  ): Promise<EventPayload<K>>;
}

/** Records events after checking them against the contract, as the app's event hub does. */
export function recordEvents(): RecordedEvents {
  const all: { event: string; payload: unknown }[] = [];
  const waiters = new Set<() => void>();
  const emit: EmitEvent = (event, payload) => {
    const parsed = (eventSpecs as Record<string, { payload: { parse(v: unknown): unknown } }>)[event]!.payload.parse(
      payload,
    );
    all.push({ event, payload: parsed });
    for (const wake of [...waiters]) wake();
  };
  return {
    emit,
    all,
    of: (event) => all.filter((e) => e.event === event).map((e) => e.payload) as never,
    waitFor: (event, match = () => true, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        let seen = 0;
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching ${event} event within ${timeoutMs} ms.`));
        }, timeoutMs);
        function check(): void {
          for (; seen < all.length; seen++) {
            const entry = all[seen]!;
            if (entry.event === event && match(entry.payload as never)) {
              clearTimeout(timer);
              waiters.delete(check);
              resolve(entry.payload as never);
              return;
            }
          }
        }
        waiters.add(check);
        check();
      }),
  };
}

/** Awaits `promise` and checks it failed with this WalletError class and code. */
export async function expectWalletError(
  promise: Promise<unknown> | (() => unknown),
  name: string,
  code: string,
): Promise<WalletError> {
  let caught: unknown;
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(WalletError);
  expect({ name: (caught as WalletError).name, code: (caught as WalletError).code }).toEqual({ name, code });
  return caught as WalletError;
}

/** A keychain that is not there (a headless machine): the vault works with the password alone. */
export function noKeychain(): UnavailableSecretStore {
  return new UnavailableSecretStore('test', {
    available: false,
    backend: 'test',
    reason: 'MODULE_MISSING',
    message: 'No keychain.',
  });
}
