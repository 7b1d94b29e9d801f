import { isValidAddress, toBase58Address, toHexAddress } from '../../src-core/address/address';
import { utf8ToBytes } from '../../src-core/bytes/utf8';
import { PROTOCOL_CONSTANTS } from '../../src-core/chain/parameters';
import type { PermissionView } from '../../src-core/ipc/channels/accounts';
import type {
  KeyDirectoryEntry,
  PermissionStructureInput,
  PermissionsSnapshot,
} from '../../src-core/ipc/channels/permissions';
import { decodeOperations, operationsToBytes } from '../../src-core/permission/operations';
import { permissionFromJson, type AccountPermissions } from '../../src-core/permission/model';
import { PERMISSION_ISSUE_CODES, type PermissionIssue } from '../../src-core/permission/validate';
import type { PermissionStructure } from '../../src-core/permission/structure';
import { checkAddress } from './tx-fields';

/**
 * The permission editor's form: the whole structure as typed (numbers stay text until they are
 * valid), converted for src-core's validation and prover, and for the IPC call once valid.
 */
export interface KeyDraft {
  readonly id: number;
  address: string;
  weight: string;
}

export interface GroupDraft {
  readonly id: number;
  name: string;
  threshold: string;
  keys: KeyDraft[];
  /** 64 hex characters; actives only (empty for owner and witness). */
  operations: string;
}

export interface StructureDraft {
  owner: GroupDraft;
  witness: GroupDraft | null;
  actives: GroupDraft[];
}

let nextId = 1;
const newId = (): number => nextId++;

export function newKeyDraft(address = '', weight = '1'): KeyDraft {
  return { id: newId(), address, weight };
}

export function newActiveDraft(operations: string, index: number): GroupDraft {
  return {
    id: newId(),
    name: index === 0 ? 'active' : `active${index + 1}`,
    threshold: '1',
    keys: [newKeyDraft()],
    operations,
  };
}

function groupFromView(view: PermissionView): GroupDraft {
  return {
    id: newId(),
    name: view.name,
    threshold: view.threshold.toString(),
    keys: view.keys.map((k) => newKeyDraft(k.address, k.weight.toString())),
    operations: view.type === 'Active' ? view.operations : '',
  };
}

/** Starts the form from the account's structure as it is (defaults included). */
export function draftFromSnapshot(snapshot: PermissionsSnapshot): StructureDraft {
  return {
    owner: groupFromView(snapshot.current.owner),
    witness: snapshot.current.witness ? groupFromView(snapshot.current.witness) : null,
    actives: snapshot.current.actives.map(groupFromView),
  };
}

/** The structure for src-core: text numbers and addresses exactly as typed. */
export function structureOf(draft: StructureDraft): PermissionStructure {
  const group = (g: GroupDraft, active: boolean) => ({
    name: g.name,
    threshold: g.threshold,
    keys: g.keys.map((k) => ({ address: k.address, weight: k.weight })),
    ...(active ? { operations: g.operations.trim() } : {}),
  });
  return {
    owner: group(draft.owner, false),
    witness: draft.witness ? group(draft.witness, false) : undefined,
    actives: draft.actives.map((a) => group(a, true)),
  };
}

/** The IPC form of a draft that passed validation (numbers parsed, addresses trimmed). */
export function structureInput(draft: StructureDraft): PermissionStructureInput {
  const group = (g: GroupDraft, active: boolean) => ({
    name: g.name,
    threshold: BigInt(g.threshold.trim()),
    keys: g.keys.map((k) => ({ address: k.address.trim(), weight: BigInt(k.weight.trim()) })),
    ...(active ? { operations: g.operations.trim().toLowerCase() } : {}),
  });
  return {
    owner: group(draft.owner, false),
    ...(draft.witness ? { witness: group(draft.witness, false) } : {}),
    actives: draft.actives.map((a) => group(a, true)),
  };
}

/** The account's current structure for the prover, from the snapshot. */
export function currentPermissions(snapshot: PermissionsSnapshot): AccountPermissions {
  const read = (view: PermissionView) =>
    permissionFromJson({
      type: view.type,
      id: view.id,
      permission_name: view.name,
      threshold: view.threshold,
      ...(view.type === 'Active' ? { operations: view.operations } : {}),
      keys: view.keys,
    });
  return {
    address: toHexAddress(snapshot.address),
    owner: read(snapshot.current.owner),
    ...(snapshot.current.witness ? { witness: read(snapshot.current.witness) } : {}),
    actives: snapshot.current.actives.map(read),
  };
}

/** Bytes a permission name takes on chain (UTF-8), for the live counter. */
export function nameBytes(name: string): number {
  return utf8ToBytes(name).length;
}

export const NAME_MAX_BYTES = PROTOCOL_CONSTANTS.MAX_PERMISSION_NAME_BYTES;

/** Issues keyed by their path (`owner.threshold`, `actives[0].keys[1].address`, …). */
export function issuesByPath(issues: readonly PermissionIssue[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const issue of issues) {
    const list = out.get(issue.path) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    out.set(issue.path, list);
  }
  return out;
}

const KEY_ADDRESS_PATH = /^(?:(owner|witness)|actives\[(\d+)\])\.keys\[(\d+)\]\.address$/;

/** The address typed in the key an issue's path names (`actives[0].keys[1].address`). */
function typedKeyAddress(draft: StructureDraft, path: string): string | undefined {
  const match = KEY_ADDRESS_PATH.exec(path);
  if (!match) return undefined;
  const [, named, active, key] = match;
  const group = named === 'owner' ? draft.owner : named === 'witness' ? draft.witness : draft.actives[Number(active)];
  return group?.keys[Number(key)]?.address;
}

/**
 * A key address the chain would refuse, told in the builder's own sentence (a checksum that does
 * not match, a hex EVM address, a wrong length) so both forms say the same about the same typo.
 */
export function withAddressSentences(issues: readonly PermissionIssue[], draft: StructureDraft): PermissionIssue[] {
  return issues.map((issue) => {
    if (issue.code !== PERMISSION_ISSUE_CODES.INVALID_KEY_ADDRESS) return issue;
    const typed = typedKeyAddress(draft, issue.path);
    const checked = typed === undefined ? null : checkAddress(typed);
    return checked && !checked.ok ? { ...issue, message: checked.error } : issue;
  });
}

/** The hex mask as typed, or why it cannot be used. */
export function readMask(
  text: string,
): { ok: true; hex: string; unknownBits: readonly number[] } | { ok: false; message: string } {
  const hex = text.trim().replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]*$/.test(hex)) return { ok: false, message: 'Use hex digits only (0–9, a–f).' };
  try {
    operationsToBytes(hex);
  } catch {
    return { ok: false, message: `The mask must be exactly 64 hex characters; this has ${hex.length}.` };
  }
  return { ok: true, hex, unknownBits: decodeOperations(hex).unknownBits };
}

/** "Dev 2 (TJ…xyz)" for a known address, the address itself otherwise. */
export function nameOf(address: string, directory: readonly KeyDirectoryEntry[]): string {
  let base58 = address;
  try {
    base58 = toBase58Address(address);
  } catch {
    return address;
  }
  const entry = directory.find((d) => d.address === base58);
  return entry ? `${entry.name} (${shortAddress(base58)})` : base58;
}

export function shortAddress(base58: string): string {
  return base58.length > 12 ? `${base58.slice(0, 6)}…${base58.slice(-4)}` : base58;
}

/** Valid, distinct key addresses of the draft in Base58 (for the key facts look-up). */
export function keyAddresses(draft: StructureDraft): string[] {
  const all = [draft.owner, ...(draft.witness ? [draft.witness] : []), ...draft.actives].flatMap((g) =>
    g.keys.map((k) => k.address.trim()),
  );
  return [...new Set(all.filter((a) => isValidAddress(a)).map((a) => toBase58Address(a)))];
}
