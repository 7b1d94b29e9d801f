import { PermissionError } from '../errors';
import { addressToBytes } from '../address/address';
import { bytesToHex, hexToBytes } from '../bytes/hex';
import { utf8ToBytes } from '../bytes/utf8';
import { DEFAULT_CHAIN_PARAMETERS, PROTOCOL_CONSTANTS, type ChainParameters } from '../chain/parameters';
import { toBigInt } from '../json/lossless';
import { CONTRACT_TYPE_IDS } from '../tx/contract-types';
import { parsePermissionType, type PermissionType } from './model';
import { OPERATIONS_BYTES, operationBits } from './operations';

/**
 * The checks java-tron's AccountPermissionUpdateActuator.validate() runs, in its order
 * (AccountPermissionUpdateActuator.validate, checkPermission). java-tron stops at the first failure;
 * `validatePermissionUpdate` keeps going and reports every problem, in the order java-tron would
 * meet them, so the first one is exactly what a node answers. Each issue carries java-tron's
 * message verbatim (`nodeMessage`, for the embedded node) and a sentence saying what to change.
 */
export const PERMISSION_ISSUE_CODES = {
  MULTI_SIGN_DISABLED: 'PERM_MULTI_SIGN_DISABLED',
  INVALID_OWNER_ADDRESS: 'PERM_INVALID_OWNER_ADDRESS',
  ACCOUNT_NOT_FOUND: 'PERM_ACCOUNT_NOT_FOUND',
  OWNER_MISSING: 'PERM_OWNER_MISSING',
  WITNESS_MISSING: 'PERM_WITNESS_MISSING',
  WITNESS_NOT_ALLOWED: 'PERM_WITNESS_NOT_ALLOWED',
  ACTIVE_MISSING: 'PERM_ACTIVE_MISSING',
  TOO_MANY_ACTIVES: 'PERM_TOO_MANY_ACTIVES',
  OWNER_WRONG_TYPE: 'PERM_OWNER_WRONG_TYPE',
  WITNESS_WRONG_TYPE: 'PERM_WITNESS_WRONG_TYPE',
  ACTIVE_WRONG_TYPE: 'PERM_ACTIVE_WRONG_TYPE',
  TOO_MANY_KEYS: 'PERM_TOO_MANY_KEYS',
  NO_KEYS: 'PERM_NO_KEYS',
  WITNESS_KEY_COUNT: 'PERM_WITNESS_KEY_COUNT',
  THRESHOLD_NOT_POSITIVE: 'PERM_THRESHOLD_NOT_POSITIVE',
  NAME_TOO_LONG: 'PERM_NAME_TOO_LONG',
  PARENT_NOT_OWNER: 'PERM_PARENT_NOT_OWNER',
  DUPLICATE_KEY: 'PERM_DUPLICATE_KEY',
  INVALID_KEY_ADDRESS: 'PERM_INVALID_KEY_ADDRESS',
  WEIGHT_NOT_POSITIVE: 'PERM_WEIGHT_NOT_POSITIVE',
  WEIGHT_OVERFLOW: 'PERM_WEIGHT_OVERFLOW',
  WEIGHT_BELOW_THRESHOLD: 'PERM_WEIGHT_BELOW_THRESHOLD',
  OPERATIONS_NOT_ALLOWED: 'PERM_OPERATIONS_NOT_ALLOWED',
  OPERATIONS_SIZE: 'PERM_OPERATIONS_SIZE',
  UNKNOWN_OPERATION: 'PERM_UNKNOWN_OPERATION',
  /** Not a java-tron check: the JSON cannot even be read into the protobuf (no node message). */
  MALFORMED: 'PERM_MALFORMED',
} as const;

export type PermissionIssueCode = (typeof PERMISSION_ISSUE_CODES)[keyof typeof PERMISSION_ISSUE_CODES];

export interface PermissionIssue {
  readonly code: PermissionIssueCode;
  /** java-tron's exact ContractValidateException text; absent only for PERM_MALFORMED. */
  readonly nodeMessage: string | undefined;
  /** One sentence a person can act on. */
  readonly message: string;
  /** Where in the update, e.g. `actives[1].keys[0].weight`. */
  readonly path: string;
}

export interface PermissionUpdateContext {
  /** The account is a Super Representative: it must (and only then may) send a witness permission. */
  readonly isWitness?: boolean;
  /** Default true; false reproduces "ownerAddress account does not exist". */
  readonly accountExists?: boolean;
  /** Chain parameters; getAllowMultiSign gates the whole contract. */
  readonly chainParameters?: Partial<ChainParameters>;
  /** getTotalSignNum (default 5): most keys per permission. */
  readonly totalSignNum?: number;
  /** java-tron's AVAILABLE_CONTRACT_TYPE bits (default: every ContractType id). */
  readonly availableContractTypes?: Iterable<number>;
  /**
   * java-tron's message limits names to 32 bytes; its check counts UTF-16 code units
   * (`name.length() > 32`), which lets longer UTF-8 names through. The wallet enforces bytes (stricter,
   * so anything it accepts the chain accepts); the node passes `java-chars` to answer as java-tron.
   */
  readonly nameLength?: 'utf8-bytes' | 'java-chars';
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

interface ReadKey {
  readonly path: string;
  /** Normalized hex when the text decodes as an address of any length, else the raw text. */
  readonly identity: string;
  readonly valid: boolean;
  readonly weight: bigint | undefined;
}

interface ReadPermission {
  readonly path: string;
  readonly label: string;
  readonly type: PermissionType | undefined;
  readonly name: string | undefined;
  readonly threshold: bigint | undefined;
  readonly parentId: bigint | undefined;
  /** undefined = absent/empty; null = not hex. */
  readonly operations: Uint8Array | undefined | null;
  readonly keys: readonly ReadKey[] | undefined;
}

class IssueList {
  readonly items: PermissionIssue[] = [];
  add(code: PermissionIssueCode, nodeMessage: string | undefined, message: string, path: string): void {
    this.items.push({ code, nodeMessage, message, path });
  }
}

function readInt(value: unknown): bigint | undefined {
  if (value === undefined || value === null) return 0n;
  try {
    const n = toBigInt(value);
    return n >= INT64_MIN && n <= INT64_MAX ? n : undefined;
  } catch {
    return undefined;
  }
}

function keyIdentity(text: string): { identity: string; valid: boolean } {
  try {
    return { identity: bytesToHex(addressToBytes(text)), valid: true };
  } catch {
    // java-tron compares raw bytes for distinctness; for text that is not even hex or base58 the
    // text itself is the best identity there is.
    try {
      return { identity: bytesToHex(hexToBytes(text)), valid: false };
    } catch {
      return { identity: text, valid: false };
    }
  }
}

function readPermission(json: unknown, path: string, label: string, issues: IssueList): ReadPermission | undefined {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    issues.add(
      PERMISSION_ISSUE_CODES.MALFORMED,
      undefined,
      `The ${label} must be an object with a threshold and keys.`,
      path,
    );
    return undefined;
  }
  const p = json as Record<string, unknown>;
  const type = parsePermissionType(p.type);
  if (type === undefined)
    issues.add(
      PERMISSION_ISSUE_CODES.MALFORMED,
      undefined,
      `The type of the ${label} must be Owner, Witness or Active.`,
      `${path}.type`,
    );
  const name =
    p.permission_name === undefined ? '' : typeof p.permission_name === 'string' ? p.permission_name : undefined;
  if (name === undefined)
    issues.add(
      PERMISSION_ISSUE_CODES.MALFORMED,
      undefined,
      `The name of the ${label} must be text.`,
      `${path}.permission_name`,
    );
  const threshold = readInt(p.threshold);
  if (threshold === undefined)
    issues.add(
      PERMISSION_ISSUE_CODES.MALFORMED,
      undefined,
      `The threshold of the ${label} must be a whole number that fits 64 bits.`,
      `${path}.threshold`,
    );
  const parentId = readInt(p.parent_id);
  if (parentId === undefined)
    issues.add(
      PERMISSION_ISSUE_CODES.MALFORMED,
      undefined,
      `The parent_id of the ${label} must be a whole number.`,
      `${path}.parent_id`,
    );
  let operations: Uint8Array | undefined | null;
  if (p.operations === undefined || p.operations === null || p.operations === '') operations = undefined;
  else if (typeof p.operations !== 'string') operations = null;
  else {
    try {
      operations = hexToBytes(p.operations, 'operations');
    } catch {
      operations = null;
    }
  }
  if (operations === null)
    issues.add(
      PERMISSION_ISSUE_CODES.MALFORMED,
      undefined,
      `The operations of the ${label} must be 64 hex characters.`,
      `${path}.operations`,
    );
  let keys: ReadKey[] | undefined;
  const keysJson = p.keys ?? [];
  if (!Array.isArray(keysJson)) {
    issues.add(PERMISSION_ISSUE_CODES.MALFORMED, undefined, `The keys of the ${label} must be a list.`, `${path}.keys`);
  } else {
    keys = keysJson.map((k: unknown, i) => {
      const where = `${path}.keys[${i}]`;
      const key = (k !== null && typeof k === 'object' ? k : {}) as Record<string, unknown>;
      const address = typeof key.address === 'string' ? key.address : '';
      const weight = readInt(key.weight);
      if (weight === undefined)
        issues.add(
          PERMISSION_ISSUE_CODES.MALFORMED,
          undefined,
          `Key ${i + 1} of the ${label} needs a whole-number weight that fits 64 bits.`,
          `${where}.weight`,
        );
      return { path: where, ...keyIdentity(address), weight };
    });
  }
  return { path, label, type, name, threshold, parentId, operations, keys };
}

function nameTooLong(name: string, rule: 'utf8-bytes' | 'java-chars'): boolean {
  return rule === 'java-chars'
    ? name.length > PROTOCOL_CONSTANTS.MAX_PERMISSION_NAME_BYTES
    : utf8ToBytes(name).length > PROTOCOL_CONSTANTS.MAX_PERMISSION_NAME_BYTES;
}

/** AccountPermissionUpdateActuator.checkPermission, reporting instead of throwing. */
function checkPermission(
  p: ReadPermission,
  context: Required<Pick<PermissionUpdateContext, 'nameLength'>> & {
    totalSignNum: number;
    available: ReadonlySet<number>;
  },
  issues: IssueList,
): void {
  const { label, path } = p;
  const type = p.type ?? 'Owner';
  const keys = p.keys ?? [];
  if (keys.length > context.totalSignNum) {
    issues.add(
      PERMISSION_ISSUE_CODES.TOO_MANY_KEYS,
      `number of keys in permission should not be greater than ${context.totalSignNum}`,
      `The ${label} has ${keys.length} keys; remove keys until it has at most ${context.totalSignNum}.`,
      `${path}.keys`,
    );
  }
  if (keys.length === 0)
    issues.add(
      PERMISSION_ISSUE_CODES.NO_KEYS,
      "key's count should be greater than 0",
      `Add at least one key to the ${label}.`,
      `${path}.keys`,
    );
  if (type === 'Witness' && keys.length !== 1) {
    issues.add(
      PERMISSION_ISSUE_CODES.WITNESS_KEY_COUNT,
      "Witness permission's key count should be 1",
      `The witness permission must have exactly one key (the block-producing address); it has ${keys.length}.`,
      `${path}.keys`,
    );
  }
  if (p.threshold !== undefined && p.threshold <= 0n) {
    issues.add(
      PERMISSION_ISSUE_CODES.THRESHOLD_NOT_POSITIVE,
      "permission's threshold should be greater than 0",
      `Set the threshold of the ${label} to at least 1.`,
      `${path}.threshold`,
    );
  }
  if (p.name !== undefined && p.name !== '' && nameTooLong(p.name, context.nameLength)) {
    issues.add(
      PERMISSION_ISSUE_CODES.NAME_TOO_LONG,
      "permission's name is too long",
      `Shorten the name of the ${label} to at most 32 bytes.`,
      `${path}.permission_name`,
    );
  }
  if (p.parentId !== undefined && p.parentId !== 0n) {
    issues.add(
      PERMISSION_ISSUE_CODES.PARENT_NOT_OWNER,
      "permission's parent should be owner",
      `Set parent_id of the ${label} to 0 (the owner); no other parent is possible.`,
      `${path}.parent_id`,
    );
  }
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const key of keys) {
    if (seen.has(key.identity)) duplicates.add(key.identity);
    seen.add(key.identity);
  }
  if (duplicates.size > 0) {
    issues.add(
      PERMISSION_ISSUE_CODES.DUPLICATE_KEY,
      `address should be distinct in permission ${type}`,
      `Each address may appear only once in the ${label}; merge the duplicate entries into one key with the ` +
        'combined weight.',
      `${path}.keys`,
    );
  }
  let sum = 0n;
  let overflow = false;
  keys.forEach((key, i) => {
    if (!key.valid) {
      issues.add(
        PERMISSION_ISSUE_CODES.INVALID_KEY_ADDRESS,
        'key is not a validate address',
        `Key ${i + 1} of the ${label} is not a valid TRON address; enter a T… or 41… address.`,
        `${key.path}.address`,
      );
    }
    if (key.weight !== undefined && key.weight <= 0n) {
      issues.add(
        PERMISSION_ISSUE_CODES.WEIGHT_NOT_POSITIVE,
        "key's weight should be greater than 0",
        `Give key ${i + 1} of the ${label} a weight of at least 1, or remove the key.`,
        `${key.path}.weight`,
      );
    }
    if (key.weight !== undefined && key.weight > 0n && !overflow) {
      sum += key.weight;
      if (sum > INT64_MAX) {
        overflow = true;
        issues.add(
          PERMISSION_ISSUE_CODES.WEIGHT_OVERFLOW,
          'long overflow',
          `The weights of the ${label} add up to more than a 64-bit integer holds; use smaller weights.`,
          `${path}.keys`,
        );
      }
    }
  });
  if (!overflow && p.threshold !== undefined && p.keys !== undefined && sum < p.threshold) {
    issues.add(
      PERMISSION_ISSUE_CODES.WEIGHT_BELOW_THRESHOLD,
      `sum of all key's weight should not be less than threshold in permission ${type}`,
      `The keys of the ${label} weigh ${sum} in total but the threshold is ${p.threshold}; lower the ` +
        'threshold or add weight, or nobody can ever use it.',
      `${path}.threshold`,
    );
  }
  const operations = p.operations ?? undefined;
  if (type !== 'Active') {
    if (operations !== undefined && operations.length > 0) {
      issues.add(
        PERMISSION_ISSUE_CODES.OPERATIONS_NOT_ALLOWED,
        `${type} permission needn't operations`,
        `Remove the operations from the ${label}: it always covers everything it can do.`,
        `${path}.operations`,
      );
    }
    return;
  }
  if (p.operations === null) return;
  if (operations === undefined || operations.length !== OPERATIONS_BYTES) {
    issues.add(
      PERMISSION_ISSUE_CODES.OPERATIONS_SIZE,
      'operations size must 32',
      `The operations of the ${label} must be exactly 32 bytes (64 hex characters); choose the allowed actions again.`,
      `${path}.operations`,
    );
    return;
  }
  for (const bit of operationBits(operations)) {
    if (!context.available.has(bit)) {
      issues.add(
        PERMISSION_ISSUE_CODES.UNKNOWN_OPERATION,
        `${bit} isn't a validate ContractType`,
        `Clear operation bit ${bit} of the ${label}: it is not a contract type this chain knows.`,
        `${path}.operations`,
      );
    }
  }
}

/** Every problem java-tron would find in this AccountPermissionUpdateContract value, in its order. */
export function validatePermissionUpdate(update: unknown, context: PermissionUpdateContext = {}): PermissionIssue[] {
  const issues = new IssueList();
  const parameters = { ...DEFAULT_CHAIN_PARAMETERS, ...context.chainParameters };
  const checkContext = {
    totalSignNum: context.totalSignNum ?? PROTOCOL_CONSTANTS.TOTAL_SIGN_NUM,
    available: new Set(context.availableContractTypes ?? Object.values(CONTRACT_TYPE_IDS)),
    nameLength: context.nameLength ?? 'utf8-bytes',
  };
  if (parameters.getAllowMultiSign !== 1n) {
    issues.add(
      PERMISSION_ISSUE_CODES.MULTI_SIGN_DISABLED,
      'multi sign is not allowed, need to be opened by the committee',
      'This chain has not enabled multi-signature yet (committee proposal AllowMultiSign); permissions ' +
        'cannot be changed.',
      '',
    );
  }
  if (update === null || typeof update !== 'object' || Array.isArray(update)) {
    issues.add(
      PERMISSION_ISSUE_CODES.MALFORMED,
      undefined,
      'The permission update must be an object with owner_address, owner and actives.',
      '',
    );
    return issues.items;
  }
  const u = update as Record<string, unknown>;
  let ownerValid = false;
  try {
    addressToBytes(typeof u.owner_address === 'string' ? u.owner_address : '');
    ownerValid = true;
  } catch {
    issues.add(
      PERMISSION_ISSUE_CODES.INVALID_OWNER_ADDRESS,
      'invalidate ownerAddress',
      'The account address of the update is not a valid TRON address.',
      'owner_address',
    );
  }
  if (ownerValid && context.accountExists === false) {
    issues.add(
      PERMISSION_ISSUE_CODES.ACCOUNT_NOT_FOUND,
      'ownerAddress account does not exist',
      'The account does not exist on chain yet; send it some TRX to activate it before changing its permissions.',
      'owner_address',
    );
  }
  if (u.owner === undefined || u.owner === null) {
    issues.add(
      PERMISSION_ISSUE_CODES.OWNER_MISSING,
      'owner permission is missed',
      'Include the owner permission: the update replaces the whole structure.',
      'owner',
    );
  }
  const hasWitness = u.witness !== undefined && u.witness !== null;
  if (context.isWitness && !hasWitness) {
    issues.add(
      PERMISSION_ISSUE_CODES.WITNESS_MISSING,
      'witness permission is missed',
      'This account is a Super Representative: include its witness permission, or block production stops ' +
        'being authorised.',
      'witness',
    );
  }
  if (!context.isWitness && hasWitness) {
    issues.add(
      PERMISSION_ISSUE_CODES.WITNESS_NOT_ALLOWED,
      "account isn't witness can't set witness permission",
      'Remove the witness permission: only Super Representative accounts have one.',
      'witness',
    );
  }
  const actives = Array.isArray(u.actives) ? u.actives : u.actives === undefined || u.actives === null ? [] : undefined;
  if (actives === undefined) {
    issues.add(
      PERMISSION_ISSUE_CODES.MALFORMED,
      undefined,
      'The actives field must be a list of permissions.',
      'actives',
    );
  } else if (actives.length === 0) {
    issues.add(
      PERMISSION_ISSUE_CODES.ACTIVE_MISSING,
      'active permission is missed',
      'Include at least one active permission: the update replaces the whole structure.',
      'actives',
    );
  } else if (actives.length > PROTOCOL_CONSTANTS.MAX_ACTIVE_PERMISSIONS) {
    issues.add(
      PERMISSION_ISSUE_CODES.TOO_MANY_ACTIVES,
      'active permission is too many',
      `An account can have at most ${PROTOCOL_CONSTANTS.MAX_ACTIVE_PERMISSIONS} active permissions; this ` +
        `update has ${actives.length}.`,
      'actives',
    );
  }

  if (u.owner !== undefined && u.owner !== null) {
    const owner = readPermission(u.owner, 'owner', 'owner permission', issues);
    if (owner) {
      if (owner.type !== undefined && owner.type !== 'Owner') {
        issues.add(
          PERMISSION_ISSUE_CODES.OWNER_WRONG_TYPE,
          'owner permission type is error',
          'The owner permission must have type Owner (0).',
          'owner.type',
        );
      }
      checkPermission(owner, checkContext, issues);
    }
  }
  if (context.isWitness && hasWitness) {
    const witness = readPermission(u.witness, 'witness', 'witness permission', issues);
    if (witness) {
      if (witness.type !== undefined && witness.type !== 'Witness') {
        issues.add(
          PERMISSION_ISSUE_CODES.WITNESS_WRONG_TYPE,
          'witness permission type is error',
          'The witness permission must have type Witness (1).',
          'witness.type',
        );
      }
      checkPermission(witness, checkContext, issues);
    }
  }
  (actives ?? []).forEach((json: unknown, i) => {
    const name =
      json !== null && typeof json === 'object' && typeof (json as Record<string, unknown>).permission_name === 'string'
        ? (json as Record<string, string>).permission_name
        : '';
    const label = name ? `active permission "${name}"` : `active permission ${i + 1}`;
    const active = readPermission(json, `actives[${i}]`, label, issues);
    if (!active) return;
    if (active.type !== undefined && active.type !== 'Active') {
      issues.add(
        PERMISSION_ISSUE_CODES.ACTIVE_WRONG_TYPE,
        'active permission type is error',
        `Give the ${label} type Active (2); without it the type defaults to Owner.`,
        `actives[${i}].type`,
      );
    }
    checkPermission(active, checkContext, issues);
  });
  return issues.items;
}

export function permissionIssueToError(issue: PermissionIssue): PermissionError {
  return new PermissionError(issue.code, issue.message, {
    path: issue.path,
    ...(issue.nodeMessage !== undefined ? { nodeMessage: issue.nodeMessage } : {}),
  });
}

/** Throws the problem java-tron would report first (its message is in `details.nodeMessage`). */
export function assertValidPermissionUpdate(update: unknown, context: PermissionUpdateContext = {}): void {
  const [first] = validatePermissionUpdate(update, context);
  if (first) throw permissionIssueToError(first);
}
