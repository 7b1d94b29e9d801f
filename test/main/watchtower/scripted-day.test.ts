// A treasury's working day on a chain fixture: twenty payments co-signed under its 2-of-3 active
// permission, a key rotation, and one outflow signed by a key the treasury never had. A
// watchtower a treasury can trust raises exactly two alarms (the rotation and the stranger's
// outflow), none for the payments or for the brand-new signer keys it also watches, and its
// words are names, amounts and symbols, never raw addresses or base units.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HexAddress } from '../../../src-core/brand';
import { toBase58Address } from '../../../src-core/address/address';
import * as b from '../../../src-core/tx/builders';
import type { TransactionJson } from '../../../src-core/tx/types';
import { Watchtower } from '../../../src-main/watchtower/scanner';
import type { Alert, WatchEvent } from '../../../src-main/watchtower/types';
import { defaultRules, type WatchList } from '../../../src-main/watchtower/watch-list';
import { FakeChain, signedTx, testKey, transferInfo, type TestKey } from './fake-chain';

const ACTIVE_OPS = '7fff1fc0033e0000000000000000000000000000000000000000000000000000';
const USDT = 1_000_000n;
const TRX = 1_000_000n;

let dir: string;
let chain: FakeChain;
const treasury = testKey();
const owner = testKey();
const alice = testKey();
const bob = testKey();
const carol = testKey();
const dave = testKey();
const mallory = testKey();
const supplier = testKey();
const drain = testKey();
const token = testKey().hex;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scripted-day-'));
  chain = new FakeChain();
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

function permissions(signers: readonly TestKey[]) {
  return b.accountPermissionUpdateContract({
    owner: treasury.hex,
    ownerPermission: {
      type: 'Owner',
      permission_name: 'owner',
      threshold: 1,
      keys: [{ address: owner.hex, weight: 1 }],
    },
    actives: [
      {
        type: 'Active',
        permission_name: 'payments',
        threshold: 2,
        operations: ACTIVE_OPS,
        keys: signers.map((s) => ({ address: s.hex, weight: 1 })),
      },
    ],
  });
}

function trxPayment(signers: readonly TestKey[], amount: bigint): TransactionJson {
  const spec = b.transferContract({ owner: treasury.hex, to: supplier.hex, amount });
  return signedTx(spec, signers, { permissionId: 2 });
}

/** transfer(address,uint256) to `to`: the selector then two ABI words. */
function usdtPayment(
  signers: readonly TestKey[],
  to: TestKey,
  amount: bigint,
): [TransactionJson, ReturnType<typeof transferInfo>] {
  const data = `a9059cbb${to.hex.slice(2).padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
  const tx = signedTx(b.triggerSmartContract({ owner: treasury.hex, contract: token, data }), signers, {
    permissionId: 2,
  });
  return [tx, transferInfo(tx.txID, token, treasury.hex, to.hex, amount)];
}

function watchList(): WatchList {
  const rules = defaultRules();
  const keyAccount = (key: TestKey, label: string) => ({ address: key.hex, label, rules: defaultRules() });
  return {
    accounts: [
      {
        address: treasury.hex,
        label: 'Treasury',
        // The treasury reports any payment above 500,000 (TRX or USDT); its day's payments are smaller.
        rules: {
          ...rules,
          outgoingValue: {
            ...rules.outgoingValue,
            trxSun: 500_000n * TRX,
            tokens: new Map([[token, 500_000n * USDT]]),
          },
        },
      },
      // The co-signers' keys are brand new, watched as a vault watches every account it holds.
      keyAccount(alice, 'Alice'),
      keyAccount(bob, 'Bob'),
      keyAccount(carol, 'Carol'),
      keyAccount(dave, 'Dave'),
    ],
    envelopes: [],
    knownAddresses: [owner.hex, alice.hex, bob.hex, carol.hex, dave.hex],
    names: new Map<HexAddress, string>([
      [supplier.hex, 'Acme Supplies'],
      [owner.hex, 'Owner key'],
    ]),
    tokens: new Map([[token, { symbol: 'USDT', decimals: 6 }]]),
  };
}

const alertsOf = (events: readonly WatchEvent[]): Alert[] =>
  events.flatMap((e) => (e.type === 'alert' ? [e.alert] : []));

describe('a scripted treasury day', () => {
  it('raises the key rotation and the stranger’s outflow, and nothing for the co-signed payments', async () => {
    const start = permissions([alice, bob, carol]).value;
    chain.accounts.set(treasury.hex, {
      balance: 2_000_000n * TRX,
      raw: { owner_permission: start.owner, active_permission: [{ ...(start.actives as object[])[0], id: 2 }] },
    });
    chain.mine([], [], 3);
    const events: WatchEvent[] = [];
    const tower = await Watchtower.open({
      source: chain,
      stateFile: join(dir, 'state.json'),
      watchList,
      onEvents: (numbered) => events.push(...numbered.map((n) => n.event)),
    });
    await tower.poll();

    const legitimate: string[] = [];
    const pairs: TestKey[][] = [
      [alice, bob],
      [bob, carol],
      [alice, carol],
    ];
    // Morning: ten payments under the first keys, each two of Alice, Bob and Carol.
    for (let i = 0; i < 10; i++) {
      const signers = pairs[i % 3]!;
      if (i % 2 === 0) {
        const tx = trxPayment(signers, BigInt(1_000 + i) * TRX);
        legitimate.push(tx.txID);
        chain.mine([tx]);
      } else {
        const [tx, info] = usdtPayment(signers, supplier, BigInt(5_000 + i) * USDT);
        legitimate.push(tx.txID);
        chain.mine([tx], [info]);
      }
      await tower.poll();
    }
    // Noon: the owner rotates Carol's key out and Dave's in.
    const rotation = signedTx(permissions([alice, bob, dave]), [owner]);
    chain.mine([rotation]);
    await tower.poll();
    // Afternoon: ten more payments, Dave co-signing most of them.
    const afternoon: TestKey[][] = [
      [alice, dave],
      [bob, dave],
      [alice, bob],
    ];
    for (let i = 0; i < 10; i++) {
      const signers = afternoon[i % 3]!;
      if (i % 2 === 0) {
        const [tx, info] = usdtPayment(signers, supplier, BigInt(7_000 + i) * USDT);
        legitimate.push(tx.txID);
        chain.mine([tx], [info]);
      } else {
        const tx = trxPayment(signers, BigInt(2_000 + i) * TRX);
        legitimate.push(tx.txID);
        chain.mine([tx]);
      }
      await tower.poll();
    }
    // Evening: a key the treasury never had signs 250,000 USDT away.
    const [theft, theftInfo] = usdtPayment([alice, mallory], drain, 250_000n * USDT);
    chain.mine([theft], [theftInfo]);
    await tower.poll();

    const alerts = alertsOf(events);
    const falseAlarms = alerts.filter((a) => a.txid === undefined || legitimate.includes(a.txid));
    expect(falseAlarms.map((a) => a.title)).toEqual([]);
    expect(alerts.map((a) => [a.rule, a.txid])).toEqual([
      ['permission-changed', rotation.txID],
      ['unexpected-signer', theft.txID],
    ]);

    const [changed, stranger] = alerts as [Alert, Alert];
    expect(changed.title).toContain('Treasury');
    expect(changed.title).toContain('key Dave added');
    expect(changed.title).toContain('key Carol removed');
    expect(stranger.title).toContain('Treasury');
    expect(stranger.title).toContain(toBase58Address(mallory.hex));
    expect(stranger.title).toContain('250,000 USDT');
    expect(stranger.title).toContain(`to ${toBase58Address(drain.hex)}`);
    for (const alert of alerts) {
      // Named addresses never appear as addresses, and no amount is left in base units.
      for (const named of [treasury, alice, bob, carol, dave, owner, supplier])
        expect(alert.title).not.toContain(toBase58Address(named.hex));
      expect(alert.title).not.toContain('units');
      expect(alert.title).not.toContain('250000000000');
    }
  });
});
