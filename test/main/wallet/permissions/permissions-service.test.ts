import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserializeError } from '@core/errors';
import type { PermissionStructureInput } from '@core/ipc/channels/permissions';
import type { VaultAccount } from '@core/ipc/channels/vault';
import {
  DEFAULT_ACTIVE_OPERATIONS,
  LOCKOUT_CONFIRMATION_TEXT,
  encodeOperations,
  withOperation,
} from '@core/permission';
import type { WalletServices } from '@main/wallet';
import { PermissionsService } from '@main/wallet/permissions/permissions-service';
import { witnessCreateContract } from '@core/tx/builders';
import { draftFromSnapshot, structureInput } from '@renderer/forms/permission-draft';
import { pageRegistry } from '../../ipc/page-registry';
import { PASSWORD } from '../../vault/helpers';
import { startEmbeddedWallet, type EmbeddedWallet } from '../embedded-wallet';
import { expectWalletError, quietLog, recordEvents, type RecordedEvents } from '../helpers';

const TRX = 1_000_000n;
/** An address nobody in this test holds, never activated on the dev chain. */
const STRANGER = 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy';

/**
 * The permissions service with real parts: the vault, the stores and the real embedded node. The
 * scenarios run in order on one chain: Dev 1 is turned into a 2-of-3 owner, and then changed again
 * under that owner with two vault signatures.
 */
describe('permissions service on the embedded node', () => {
  let events: RecordedEvents;
  let profile: EmbeddedWallet;
  let wallet: WalletServices;
  let dev: VaultAccount[];

  const group = (threshold: bigint, keys: [string, bigint][], operations?: string) => ({
    name: operations ? 'transfers' : 'owner',
    threshold,
    keys: keys.map(([address, weight]) => ({ address, weight })),
    ...(operations ? { operations } : {}),
  });
  const twoOfThree = (): PermissionStructureInput => ({
    owner: group(2n, [
      [dev[0]!.address, 1n],
      [dev[1]!.address, 1n],
      [dev[2]!.address, 1n],
    ]),
    actives: [
      group(
        1n,
        [
          [dev[1]!.address, 1n],
          [dev[2]!.address, 1n],
        ],
        encodeOperations(['TransferContract']),
      ),
    ],
  });

  beforeAll(async () => {
    events = recordEvents();
    profile = await startEmbeddedWallet({ prefix: 'permissions-', events, blockTimeMs: 150 });
    wallet = profile.wallet;
    await wallet.vault.initialize(PASSWORD);
    dev = await wallet.vault.importDevAccounts(4);
    await wallet.node.stores().addressBook.save({ name: 'Auditor', address: STRANGER });
  });
  afterAll(async () => {
    await profile?.close();
  });

  it('reads a dev account with its owner and active permissions, the fees and the names it knows', async () => {
    const snapshot = await wallet.permissions.load(dev[0]!.address);
    expect(snapshot).toMatchObject({
      address: dev[0]!.address,
      exists: true,
      isWitness: false,
      network: { key: 'embedded', embedded: true },
      defaults: { owner: false, witness: false, actives: false },
      chain: { updateFeeSun: 100n * TRX, multiSignFeeSun: 1n * TRX, totalSignNum: 5, allowMultiSign: true },
    });
    expect(snapshot.current.owner).toEqual({
      type: 'Owner',
      id: 0,
      name: 'owner',
      threshold: 1n,
      operations: '',
      keys: [{ address: dev[0]!.address, weight: 1n }],
    });
    expect(snapshot.current.actives.map((a) => [a.id, a.name])).toEqual([[2, 'active']]);
    expect(snapshot.directory.map((d) => [d.name, d.source, d.canSign])).toEqual([
      ['Dev 1', 'vault', true],
      ['Dev 2', 'vault', true],
      ['Dev 3', 'vault', true],
      ['Dev 4', 'vault', true],
      ['Auditor', 'address-book', false],
    ]);
  });

  it("marks the chain's defaults for an address that has never received TRX", async () => {
    const snapshot = await wallet.permissions.load(STRANGER);
    expect(snapshot).toMatchObject({ exists: false, balanceSun: 0n, defaults: { owner: true, actives: true } });
    expect(snapshot.current.owner.keys).toEqual([{ address: STRANGER, weight: 1n }]);
    expect(snapshot.current.actives[0]).toMatchObject({ id: 2, operations: DEFAULT_ACTIVE_OPERATIONS });
  });

  it('asks the node which keys were ever activated', async () => {
    expect(await wallet.permissions.inspectKeys([dev[1]!.address, STRANGER, dev[1]!.addressHex])).toEqual([
      { address: dev[1]!.address, isContract: false, activated: true },
      { address: STRANGER, isContract: false, activated: false },
    ]);
  });

  it('prepares the 2-of-3 change: 100 TRX, one signature by Dev 1 under the default owner, nothing blocked', async () => {
    const prepared = await wallet.permissions.prepare(dev[0]!.address, twoOfThree());
    expect(prepared.txID).toMatch(/^[0-9a-f]{64}$/);
    expect(prepared.signing).toMatchObject({
      permissionId: 0,
      threshold: 1n,
      heldWeight: 1n,
      needsCosigners: false,
      expectedSignatures: 1,
      signers: [{ address: dev[0]!.address, label: 'Dev 1', weight: 1n }],
    });
    expect(prepared.cost.lines).toEqual([{ kind: 'contract', label: 'Permission update fee', sun: 100n * TRX }]);
    expect(prepared.cost).toMatchObject({ totalBurnSun: 100n * TRX, enoughBalance: true });
    expect(prepared.gate).toMatchObject({ verdict: 'ok', blocked: false, needsConfirmation: false, findings: [] });
  });

  it("refuses a structure java-tron would refuse, with java-tron's message kept", async () => {
    const bad = twoOfThree();
    const error = await expectWalletError(
      wallet.permissions.prepare(dev[0]!.address, { ...bad, owner: { ...bad.owner, threshold: 0n } }),
      'PermissionError',
      'PERM_UPDATE_INVALID',
    );
    expect(error.message).toBe('Set the threshold of the owner permission to at least 1.');
    expect(error.details).toMatchObject({
      issueCode: 'PERM_THRESHOLD_NOT_POSITIVE',
      nodeMessage: "permission's threshold should be greater than 0",
      path: 'owner.threshold',
    });
  });

  it('dry-runs the change on a copy of the chain and proves each group with its own smallest key set', async () => {
    const report = await wallet.permissions.dryRun(dev[0]!.address, twoOfThree());
    expect(report.available).toBe(true);
    expect(report.checks.map((c) => [c.id, c.permissionId, c.outcome])).toEqual([
      ['update-applied', undefined, 'passed'],
      ['group-proof', 0, 'passed'],
      ['group-proof', 2, 'passed'],
    ]);
    expect(report.checks[1]!.label).toBe('The owner permission (id 0) can sign a payment under the new structure');
    expect(report.checks[1]!.detail).toContain(
      'under Permission_id 0, checked as signed by Dev 1 and Dev 2 (weight 2 of 2, its smallest key set)',
    );
    expect(report.checks[2]!.label).toBe(
      'Active permission "transfers" (id 2) can sign a payment under the new structure',
    );
    expect(report.checks[2]!.detail).toContain(
      'under Permission_id 2, checked as signed by Dev 2 (weight 1 of 1, its smallest key set)',
    );
    expect(report.balanceChanges).toEqual([{ address: dev[0]!.address, deltaSun: -100n * TRX }]);
    // Nothing changed on chain.
    expect((await wallet.permissions.load(dev[0]!.address)).current.owner.threshold).toBe(1n);
  });

  it("says a group that may not transfer was not proved, rather than passing it on the owner's signature", async () => {
    const update = twoOfThree();
    const stake = { ...update.actives[0]!, operations: encodeOperations(['FreezeBalanceV2Contract']) };
    const report = await wallet.permissions.dryRun(dev[0]!.address, { ...update, actives: [stake] });
    expect(report.checks.map((c) => [c.id, c.permissionId, c.outcome])).toEqual([
      ['update-applied', undefined, 'passed'],
      ['group-proof', 0, 'passed'],
      ['group-proof', 2, 'skipped'],
    ]);
    expect(report.checks[2]!.detail).toContain('this dry run proves nothing about who can sign for it');
  });

  it("proves a group whose keys are all outside this vault with those keys, not with the vault's owner key", async () => {
    const update = twoOfThree();
    const outside = group(
      2n,
      [
        [dev[3]!.address, 1n],
        [STRANGER, 1n],
      ],
      encodeOperations(['TransferContract']),
    );
    const report = await wallet.permissions.dryRun(dev[0]!.address, { ...update, actives: [outside] });
    const payments = report.checks.find((c) => c.id === 'group-proof' && c.permissionId === 2)!;
    expect(payments.outcome).toBe('passed');
    // A key the vault does not hold is named from the address book.
    expect(payments.detail).toContain('checked as signed by Dev 4 and Auditor (weight 2 of 2');
  });

  it('rehearses the follow-up transfer with the vault locked: the dry run checks who could sign, and nothing is signed', async () => {
    wallet.vault.lock('user');
    const asked = profile.consent.asked.length;
    try {
      const report = await wallet.permissions.dryRun(dev[0]!.address, twoOfThree());
      expect(report.checks.map((c) => [c.id, c.outcome])).toEqual([
        ['update-applied', 'passed'],
        ['group-proof', 'passed'],
        ['group-proof', 'passed'],
      ]);
      expect(profile.consent.asked.length).toBe(asked);
    } finally {
      await wallet.vault.unlock(PASSWORD);
    }
  });

  it('blocks an unreachable owner threshold in main, whatever the renderer shows', async () => {
    const update = twoOfThree();
    const error = await expectWalletError(
      wallet.permissions.submit(dev[0]!.address, { ...update, owner: { ...update.owner, threshold: 4n } }, true),
      'PermissionError',
      'PERM_UPDATE_INVALID',
    );
    expect(error.details).toMatchObject({ issueCode: 'PERM_WEIGHT_BELOW_THRESHOLD' });
  });

  it('leaves the typed confirmation to main’s window when no known key reaches the owner: declined there, nothing is signed', async () => {
    const update = twoOfThree();
    const unknownOwner = { ...update, owner: group(1n, [['TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY', 1n]]) };
    profile.consent.answerWith({ approved: true, password: PASSWORD }, { approved: false });
    try {
      await expectWalletError(
        wallet.permissions.submit(dev[0]!.address, unknownOwner, true),
        'ConsentError',
        'CONSENT_DECLINED',
      );
      const [first, second] = profile.consent.asked;
      expect(first!.request.typedConfirmation).toBe(LOCKOUT_CONFIRMATION_TEXT);
      expect(second!.retry?.reason).toContain(LOCKOUT_CONFIRMATION_TEXT);
      expect((await wallet.permissions.load(dev[0]!.address)).current.owner.keys.map((k) => k.address)).toEqual([
        dev[0]!.address,
      ]);
    } finally {
      profile.consent.answerWith({ approved: true, password: PASSWORD });
    }
    const withUpdateBit = {
      ...update,
      actives: [
        {
          ...update.actives[0]!,
          operations: withOperation(update.actives[0]!.operations!, 'AccountPermissionUpdateContract', true),
        },
      ],
    };
    await expectWalletError(
      wallet.permissions.submit(dev[0]!.address, withUpdateBit, false),
      'PermissionError',
      'PERM_WARNINGS_NOT_ACKNOWLEDGED',
    );
  });

  it('signs with Dev 1, broadcasts, tracks to a block, and the account then holds the new structure', async () => {
    const submitted = await wallet.permissions.submit(dev[0]!.address, twoOfThree(), false);
    expect(submitted).toMatchObject({ state: 'broadcast', signatures: 1, weight: 1n, threshold: 1n });
    // The transaction service follows it: in the pool, packed in a block, then confirmed (solidified).
    const confirmed = await events.waitFor(
      'tx:status',
      (s) => s.txid === submitted.txid && s.state !== 'pool' && s.state !== 'packed',
      10_000,
    );
    expect(confirmed.state).toBe('confirmed');
    const snapshot = await wallet.permissions.load(dev[0]!.address);
    expect(snapshot.current.owner.threshold).toBe(2n);
    expect(snapshot.current.owner.keys.map((k) => k.address)).toEqual([
      dev[0]!.address,
      dev[1]!.address,
      dev[2]!.address,
    ]);
    expect(snapshot.current.actives).toEqual([
      {
        type: 'Active',
        id: 2,
        name: 'transfers',
        threshold: 1n,
        operations: encodeOperations(['TransferContract']),
        keys: [
          { address: dev[1]!.address, weight: 1n },
          { address: dev[2]!.address, weight: 1n },
        ],
      },
    ]);
  });

  it('changes it again under the 2-of-3 owner: two vault signatures and the multi-signature fee', async () => {
    const next = {
      ...twoOfThree(),
      owner: group(2n, [
        [dev[0]!.address, 1n],
        [dev[1]!.address, 1n],
        [dev[3]!.address, 1n],
      ]),
    };
    const prepared = await wallet.permissions.prepare(dev[0]!.address, next);
    expect(prepared.signing).toMatchObject({
      permissionId: 0,
      threshold: 2n,
      heldWeight: 2n,
      needsCosigners: false,
      expectedSignatures: 2,
    });
    expect(prepared.cost.lines.slice(0, 2).map((l) => [l.kind, l.sun])).toEqual([
      ['contract', 100n * TRX],
      ['multi-signature', 1n * TRX],
    ]);
    // The first update used most of Dev 1's 600 free bytes for today: this one burns TRX for its bytes.
    const bandwidth = prepared.cost.lines[2]!;
    expect(bandwidth.kind).toBe('bandwidth');
    expect(bandwidth.label).toMatch(/^Bandwidth: \d+ bytes, burned/);
    expect(prepared.cost.totalBurnSun).toBe(prepared.cost.lines.reduce((sum, l) => sum + l.sun, 0n));
    // The dry run counts the two signatures too: it burns exactly what the disclosure says.
    const report = await wallet.permissions.dryRun(dev[0]!.address, next);
    expect(report.balanceChanges).toEqual([{ address: dev[0]!.address, deltaSun: -prepared.cost.totalBurnSun }]);
    const submitted = await wallet.permissions.submit(dev[0]!.address, next, true);
    expect(submitted).toMatchObject({ state: 'broadcast', signatures: 2, weight: 2n, threshold: 2n });
    await events.waitFor('tx:status', (s) => s.txid === submitted.txid && s.state === 'confirmed', 10_000);
    expect((await wallet.permissions.load(dev[0]!.address)).current.owner.keys.map((k) => k.address)).toContain(
      dev[3]!.address,
    );
  });

  it('serves the same calls over IPC, refusing unknown fields', async () => {
    const { call } = pageRegistry(wallet);
    const reply = await call('permissions:load', { address: dev[2]!.address });
    expect(reply.ok && (reply.value as { address: string }).address).toBe(dev[2]!.address);
    const refused = await call('permissions:prepare', {
      address: dev[2]!.address,
      update: { ...twoOfThree(), extra: 1 },
    });
    if (refused.ok) throw new Error('an unknown field was accepted');
    expect(deserializeError(refused.error)).toMatchObject({ name: 'ValidationError' });
  });

  it('refuses to add a key whose recovery phrase the wallet made and nobody checked, naming it and its code', async () => {
    const fresh = await wallet.vault.createMnemonicAccount({ label: 'New treasury key', strength: 128 });
    const snapshot = await wallet.permissions.load(dev[3]!.address);
    expect(snapshot.directory.find((d) => d.address === fresh.address)).toMatchObject({ backupChecked: false });
    expect(snapshot.directory.find((d) => d.address === dev[3]!.address)?.backupChecked).toBeUndefined();
    const update: PermissionStructureInput = {
      owner: group(1n, [
        [dev[3]!.address, 1n],
        [fresh.address, 1n],
      ]),
      actives: [group(1n, [[dev[3]!.address, 1n]], encodeOperations(['TransferContract']))],
    };
    for (const attempt of [
      () => wallet.permissions.prepare(dev[3]!.address, update),
      () => wallet.permissions.dryRun(dev[3]!.address, update),
      () => wallet.permissions.submit(dev[3]!.address, update, true),
    ]) {
      const error = await expectWalletError(attempt, 'PermissionError', 'PERM_PHRASE_NOT_CHECKED');
      expect(error.message).toMatch(/^Check the recovery phrase of New treasury key first: /);
      expect(error.details).toMatchObject({ code: 'PERM_PHRASE_NOT_CHECKED', accountId: fresh.id });
    }
    // Without the new key the same account's change goes through the review.
    const without = { ...update, owner: group(1n, [[dev[3]!.address, 1n]]) };
    expect((await wallet.permissions.prepare(dev[3]!.address, without)).gate).toMatchObject({ blocked: false });
  });
});

/**
 * A representative made with WitnessCreate on the embedded node (Dev 1), an ordinary account
 * (Dev 3) and a deployed contract: the witness permission read, kept, changed and refused, and a
 * contract address put in as a key.
 */
describe('permissions service with a representative and a contract on the embedded node', () => {
  let events: RecordedEvents;
  let profile: EmbeddedWallet;
  let wallet: WalletServices;
  let dev: VaultAccount[];
  let contract: string;
  const ops = encodeOperations(['TransferContract']);

  /** What the editor sends when it saves the structure it read, unchanged. */
  const asRead = async (address: string) => structureInput(draftFromSnapshot(await wallet.permissions.load(address)));

  beforeAll(async () => {
    events = recordEvents();
    profile = await startEmbeddedWallet({ prefix: 'permissions-witness-', events, blockTimeMs: 100 });
    wallet = profile.wallet;
    await wallet.vault.initialize(PASSWORD);
    dev = await wallet.vault.importDevAccounts(3);
    const created = await wallet.transactions.submitContract({
      spec: witnessCreateContract({ owner: dev[0]!.address, url: 'https://sr.example' }),
      permissionId: 0,
      signers: [{ accountId: dev[0]!.id, weight: 1n }],
      threshold: 1n,
      label: 'Become a representative',
    });
    await events.waitFor(
      'tx:status',
      (s) => s.txid === created.txid && (s.state === 'packed' || s.state === 'confirmed'),
      10_000,
    );
    contract = await profile.deploy(dev[2]!.address, 'Child', { until: 'packed' });
  });
  afterAll(async () => {
    await profile?.close();
  });

  it("reads a representative's witness permission, and the editor's unchanged structure keeps it and is validated and built", async () => {
    const snapshot = await wallet.permissions.load(dev[0]!.address);
    expect(snapshot).toMatchObject({ isWitness: true, defaults: { witness: false } });
    expect(snapshot.current.witness).toEqual({
      type: 'Witness',
      id: 1,
      name: 'witness',
      threshold: 1n,
      operations: '',
      keys: [{ address: dev[0]!.address, weight: 1n }],
    });
    const update = await asRead(dev[0]!.address);
    expect(update.witness).toEqual({
      name: 'witness',
      threshold: 1n,
      keys: [{ address: dev[0]!.address, weight: 1n }],
    });
    const prepared = await wallet.permissions.prepare(dev[0]!.address, update);
    expect(prepared.txID).toMatch(/^[0-9a-f]{64}$/);
    expect(prepared.signing).toMatchObject({ permissionId: 0, needsCosigners: false });
    expect(prepared.gate).toMatchObject({ verdict: 'ok', blocked: false });
    const report = await wallet.permissions.dryRun(dev[0]!.address, update);
    expect(report.checks[0]).toMatchObject({ id: 'update-applied', outcome: 'passed' });
  });

  it("refuses a representative's update without its witness permission, or with two witness keys, with java-tron's messages", async () => {
    const { witness, ...withoutWitness } = await asRead(dev[0]!.address);
    const missing = await expectWalletError(
      wallet.permissions.prepare(dev[0]!.address, withoutWitness),
      'PermissionError',
      'PERM_UPDATE_INVALID',
    );
    expect(missing.details).toMatchObject({
      issueCode: 'PERM_WITNESS_MISSING',
      nodeMessage: 'witness permission is missed',
      path: 'witness',
    });
    const twoKeys = {
      ...withoutWitness,
      witness: { ...witness!, keys: [...witness!.keys, { address: dev[1]!.address, weight: 1n }] },
    };
    const counted = await expectWalletError(
      wallet.permissions.prepare(dev[0]!.address, twoKeys),
      'PermissionError',
      'PERM_UPDATE_INVALID',
    );
    expect(counted.details).toMatchObject({
      issueCode: 'PERM_WITNESS_KEY_COUNT',
      nodeMessage: "Witness permission's key count should be 1",
    });
  });

  it("changes a representative's block-signing key: signed, broadcast, and the account then names the new witness key", async () => {
    const update = await asRead(dev[0]!.address);
    const changed = {
      ...update,
      witness: { name: 'block signer', threshold: 1n, keys: [{ address: dev[1]!.address, weight: 1n }] },
    };
    expect((await wallet.permissions.prepare(dev[0]!.address, changed)).gate.blocked).toBe(false);
    const submitted = await wallet.permissions.submit(dev[0]!.address, changed, true);
    expect(submitted.state).toBe('broadcast');
    await events.waitFor(
      'tx:status',
      (s) => s.txid === submitted.txid && (s.state === 'packed' || s.state === 'confirmed'),
      10_000,
    );
    const after = await wallet.permissions.load(dev[0]!.address);
    expect(after.current.witness).toEqual({
      type: 'Witness',
      id: 1,
      name: 'block signer',
      threshold: 1n,
      operations: '',
      keys: [{ address: dev[1]!.address, weight: 1n }],
    });
    expect(after.current.owner.keys).toEqual([{ address: dev[0]!.address, weight: 1n }]);
  });

  it('gives an account that is no representative no witness permission, and refuses one in its update', async () => {
    const snapshot = await wallet.permissions.load(dev[2]!.address);
    expect(snapshot).toMatchObject({ isWitness: false, defaults: { witness: false } });
    expect(snapshot.current.witness).toBeNull();
    const update = await asRead(dev[2]!.address);
    expect(update.witness).toBeUndefined();
    const withWitness = {
      ...update,
      witness: { name: 'witness', threshold: 1n, keys: [{ address: dev[2]!.address, weight: 1n }] },
    };
    const refused = await expectWalletError(
      wallet.permissions.prepare(dev[2]!.address, withWitness),
      'PermissionError',
      'PERM_UPDATE_INVALID',
    );
    expect(refused.details).toMatchObject({
      issueCode: 'PERM_WITNESS_NOT_ALLOWED',
      nodeMessage: "account isn't witness can't set witness permission",
    });
  });

  it('warns that a key is a contract when a deployed contract address is put in a group, and blocks an owner only it could complete', async () => {
    expect(await wallet.permissions.inspectKeys([contract, dev[2]!.address])).toEqual([
      { address: contract, isContract: true, activated: true },
      { address: dev[2]!.address, isContract: false, activated: true },
    ]);
    const owner = dev[2]!.address;
    const withContract: PermissionStructureInput = {
      owner: { name: 'owner', threshold: 1n, keys: [{ address: owner, weight: 1n }] },
      actives: [
        {
          name: 'payments',
          threshold: 1n,
          operations: ops,
          keys: [
            { address: owner, weight: 1n },
            { address: contract, weight: 1n },
          ],
        },
      ],
    };
    const prepared = await wallet.permissions.prepare(owner, withContract);
    expect(prepared.gate).toMatchObject({ verdict: 'warn', blocked: false });
    expect(prepared.gate.findings).toContainEqual({
      severity: 'warn',
      code: 'LOCKOUT_KEY_IS_CONTRACT',
      message: expect.stringContaining('is a smart contract; it can never sign'),
      addresses: [contract],
    });
    await expectWalletError(
      wallet.permissions.submit(owner, withContract, false),
      'PermissionError',
      'PERM_WARNINGS_NOT_ACKNOWLEDGED',
    );

    const ownerNeedsContract = {
      ...withContract,
      owner: {
        name: 'owner',
        threshold: 2n,
        keys: [
          { address: owner, weight: 1n },
          { address: contract, weight: 1n },
        ],
      },
    };
    const blocked = await expectWalletError(
      wallet.permissions.submit(owner, ownerNeedsContract, true),
      'PermissionError',
      'PERM_CHANGE_BLOCKED',
    );
    expect(blocked.details).toMatchObject({ codes: expect.arrayContaining(['LOCKOUT_OWNER_NEEDS_CONTRACT_KEY']) });
  });
});

describe('permissions service away from the embedded node', () => {
  it('explains that the dry run needs the embedded node, without reading anything', async () => {
    const service = new PermissionsService({
      chain: {
        requireClient: () => {
          throw new Error('unused');
        },
        chainParameters: async () => Promise.reject(new Error('unused')),
        network: () =>
          ({
            kind: 'preset',
            name: 'Nile testnet',
            key: 'nile',
            fullNodeUrl: 'https://nile.trongrid.io',
            solidityNodeUrl: null,
            hasApiKey: false,
            savedCustom: null,
          }) as never,
        stores: () => ({ addressBook: { list: () => [] } }),
        sequenceDryRunner: () => null,
      },
      vault: { listAccounts: () => [], sign: async () => Promise.reject(new Error('unused')) },
      transactions: {
        buildContract: async () => Promise.reject(new Error('unused')),
        submitContract: async () => Promise.reject(new Error('unused')),
      },
      log: quietLog,
    });
    const report = await service.dryRun(STRANGER, {
      owner: { name: 'owner', threshold: 1n, keys: [{ address: STRANGER, weight: 1n }] },
      actives: [],
    });
    expect(report).toMatchObject({ available: false, checks: [], balanceChanges: [] });
    expect(report.reason).toContain('the wallet is using Nile testnet');
  });
});
