import { messageToJson } from '@core/proto/json-codec';
import { sealBlock } from '@main/node/model/block';
import { blockJson } from '@main/node/http/format';
import { ForkStateBackend } from '@main/node/fork/fork-backend';
import { ForkPoint } from '@main/node/fork/fork-point';
import type { UpstreamCall, UpstreamReader } from '@main/node/fork/upstream';
import { ForkUpstreamError } from '@main/node/errors';
import { accountToMessage, newAccount } from '@main/node/state/account';
import { LevelStateBackend } from '@main/node/state/level-backend';
import { afterEach } from 'vitest';
import type { Store } from '@main/node/store/store';
import { tempStore } from '../helpers';
import { CONTRACT_RECORD_CODECS } from '@main/node/vm-host/contract-records';

/** A scripted upstream for the fork's unit tests: java-tron JSON made by this node's own formatters. */
type Json = Record<string, unknown>;
export const GENESIS_TS = 1_700_000_000_000;

export function blockAt(number: number): Json {
  const block = sealBlock({
    number,
    timestamp: GENESIS_TS + number * 3000,
    parentHash: new Uint8Array(32),
    witnessAddress: number ? new Uint8Array(21).fill(0x41, 0, 1) : new Uint8Array(),
    transactions: [],
  });
  return blockJson(block.bytes, false);
}

export class Script implements UpstreamReader {
  readonly url = 'http://upstream.test';
  readonly calls: UpstreamCall[] = [];
  readonly accounts = new Map<string, Json>();
  down = false;

  callSync(calls: readonly UpstreamCall[]): unknown[] {
    return calls.map((call) => {
      this.calls.push(call);
      if (this.down) throw new ForkUpstreamError(call.item, 'ECONNREFUSED');
      const body = call.body as Json;
      switch (call.path) {
        case '/wallet/getnowblock':
          return blockAt(100);
        case '/wallet/getblockbynum':
          return blockAt(Number(body.num));
        case '/wallet/getchainparameters':
          return { chainParameter: [{ key: 'getEnergyFee', value: 420 }, { key: 'getAllowMultiSign' }] };
        case '/wallet/getaccountresource':
          return { TotalEnergyWeight: 5, TotalNetWeight: 7 };
        case '/wallet/getnextmaintenancetime':
          return { num: GENESIS_TS + 400 * 3000 };
        case '/wallet/getenergyprices':
          return { prices: '0:100,1575331200000:10,1606240800000:420' };
        case '/wallet/getbandwidthprices':
          return { prices: '0:10,1606240800000:1000' };
        case '/wallet/getaccount':
          return this.accounts.get(String(body.address)) ?? {};
        default:
          return {};
      }
    });
  }

  fail(item: string, cause: string): never {
    throw new ForkUpstreamError(item, cause);
  }

  items(): string[] {
    return this.calls.map((c) => c.item).filter((i) => !i.startsWith('the ') && !i.startsWith('upstream '));
  }
}

export function upstreamAccount(hex: string, balance: bigint): Json {
  const account = newAccount(Uint8Array.from(Buffer.from(hex, 'hex')), {
    createTime: GENESIS_TS,
    activeOperations: new Uint8Array(32),
  });
  account.balance = balance;
  return messageToJson('protocol.Account', accountToMessage(account));
}

export async function open(store: Store, script: Script): Promise<ForkStateBackend> {
  const local = await LevelStateBackend.open(store, { cacheBytes: 1 << 20, extCodecs: CONTRACT_RECORD_CODECS });
  const { point, ops } = await ForkPoint.open(store, script);
  if (ops.length) await store.write(ops);
  return ForkStateBackend.open(local, store, script, point, {
    extCodecs: CONTRACT_RECORD_CODECS,
    cacheBytes: 1 << 20,
    log: () => {},
  });
}

/** `freshStore()` gives an open store in a temporary directory; each is closed and removed after its test. */
export function tempStores(): () => Promise<Store> {
  const disposers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const d of disposers.splice(0)) await d();
  });
  return async () => {
    const { store, dispose } = await tempStore();
    disposers.push(dispose);
    return store;
  };
}
