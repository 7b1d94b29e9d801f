import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import type { HexAddress, TxId } from '../../src-core/brand';
import { toHexAddress } from '../../src-core/address/address';
import { WatchError } from '../../src-core/errors';
import {
  defaultRules,
  type AccountRules,
  type TokenKey,
  type WatchedAccount,
  type WatchedEnvelope,
  type WatchList,
} from './watch-list';

/**
 * The headless watcher's configuration file (`npm run watch -- --config watch.json`), documented in
 * README.md. Amounts are whole numbers in the asset's smallest unit (sun for TRX), written as
 * strings of digits (or JSON numbers up to 2^53); addresses in either form; relative paths are
 * taken from the file's folder.
 */

function isTronAddress(value: string): boolean {
  try {
    toHexAddress(value);
    return true;
  } catch {
    return false;
  }
}

const amount = z.union([
  z.string().regex(/^\d+$/, 'must be a whole number of the smallest unit, as digits'),
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
]);
// Addresses and token keys are checked by the schema too, so that one pass finds every problem.
const address = z
  .string()
  .refine(isTronAddress, { error: (issue) => `"${String(issue.input)}" is not a TRON address` });
const tokenKeyInput = z.string().refine((key) => /^\d+$/.test(key) || isTronAddress(key), {
  error: (issue) => `"${String(issue.input)}" is neither a TRC-10 id nor a TRC-20 address`,
});
const tokenMap = z.record(tokenKeyInput, amount);

const rulesInput = z.strictObject({
  permissionChanged: z.strictObject({ enabled: z.boolean().optional() }).optional(),
  unexpectedSigner: z
    .strictObject({
      enabled: z.boolean().optional(),
      fromChain: z.boolean().optional(),
      permissionIds: z.array(z.number().int().nonnegative()).optional(),
      signers: z.array(address).optional(),
    })
    .optional(),
  outgoingValue: z
    .strictObject({
      enabled: z.boolean().optional(),
      trxSun: amount.optional(),
      tokens: tokenMap.optional(),
      otherTokens: amount.nullable().optional(),
    })
    .optional(),
  stakingChanged: z.strictObject({ enabled: z.boolean().optional() }).optional(),
  contractSettings: z.strictObject({ enabled: z.boolean().optional() }).optional(),
  balanceFloor: z
    .strictObject({ enabled: z.boolean().optional(), trxSun: amount.optional(), tokens: tokenMap.optional() })
    .optional(),
});
type RulesInput = z.infer<typeof rulesInput>;

const configSchema = z.strictObject({
  version: z.literal(1),
  node: z
    .strictObject({
      url: z.string().optional(),
      solidityUrl: z.string().optional(),
      /** Name of the environment variable holding the TRON-PRO-API-KEY (never the key itself). */
      apiKeyEnv: z.string().optional(),
      requestsPerSecond: z.number().nonnegative().optional(),
      timeoutMs: z.number().int().positive().optional(),
    })
    .optional(),
  pollMs: z.number().int().positive().optional(),
  stateDir: z.string().optional(),
  startAt: z.union([z.literal('head'), z.number().int().nonnegative()]).optional(),
  knownAddresses: z.array(address).optional(),
  /** Names of other addresses (receivers, signer keys) for alert text. */
  names: z.record(address, z.string().max(120)).optional(),
  /** Symbol and decimals of tokens, so alerts say "250,000 USDT" instead of base units. */
  tokens: z
    .record(
      tokenKeyInput,
      z.strictObject({ symbol: z.string().min(1).max(64), decimals: z.number().int().min(0).max(255) }),
    )
    .optional(),
  defaults: rulesInput.optional(),
  /** Signed treasury policy files: an outflow that breaks one raises `policy-breach`. */
  policies: z.array(z.string().min(1)).optional(),
  accounts: z.array(z.strictObject({ address, label: z.string().optional(), rules: rulesInput.optional() })),
  envelopes: z
    .array(
      z.strictObject({
        txid: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits'),
        owner: address,
        expiration: z.number().int().nonnegative(),
        broadcastByUs: z.boolean().optional(),
        label: z.string().optional(),
      }),
    )
    .optional(),
  webhook: z
    .strictObject({
      url: z.string(),
      /** Name of the environment variable holding the signing secret (default WATCH_WEBHOOK_SECRET). */
      secretEnv: z.string().optional(),
      maxAttempts: z.number().int().positive().optional(),
      backoffMs: z.number().int().nonnegative().optional(),
      maxBackoffMs: z.number().int().nonnegative().optional(),
      timeoutMs: z.number().int().positive().optional(),
      deadLetterFile: z.string().optional(),
    })
    .optional(),
});

export interface HeadlessConfig {
  readonly nodeUrl?: string;
  readonly solidityUrl?: string;
  readonly apiKeyEnv?: string;
  readonly requestsPerSecond: number;
  readonly timeoutMs?: number;
  readonly pollMs: number;
  readonly stateDir: string;
  readonly startAt: 'head' | number;
  readonly watchList: WatchList;
  /** Absolute paths of the signed policy files, read and verified when the watcher starts. */
  readonly policyFiles: readonly string[];
  readonly webhook?: {
    readonly url: string;
    readonly secretEnv: string;
    readonly maxAttempts?: number;
    readonly backoffMs?: number;
    readonly maxBackoffMs?: number;
    readonly timeoutMs?: number;
    readonly deadLetterFile: string;
  };
}

function invalid(field: string, message: string): WatchError {
  return new WatchError('WATCH_CONFIG_INVALID', `The watch configuration is not usable: ${field} ${message}.`, {
    field,
  });
}

/** `accounts[0].rules.outgoingValue`, the way the README and the file itself name a field. */
function fieldName(path: readonly PropertyKey[]): string {
  const name = path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
  return name.replace(/^\./, '') || 'the top level';
}

interface Problem {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Zod's own words, as the rest of a sentence; a bad record key speaks through its inner issue. */
function problemOf(issue: z.core.$ZodIssue): Problem {
  const inner = issue.code === 'invalid_key' ? issue.issues[0] : undefined;
  const message = (inner?.message ?? issue.message)
    .replace(/\.$/, '')
    .replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());
  return { path: issue.path, message };
}

/**
 * Accounts listed twice (in either address form). Checked on the raw JSON beside the schema,
 * because a refinement of the schema is skipped while any account has another problem.
 */
function duplicateAccounts(json: unknown): Problem[] {
  const accounts = (json as { accounts?: unknown } | null)?.accounts;
  if (!Array.isArray(accounts)) return [];
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const [i, account] of accounts.entries()) {
    const value = (account as { address?: unknown } | null)?.address;
    if (typeof value !== 'string' || !isTronAddress(value)) continue;
    const hex = toHexAddress(value);
    if (seen.has(hex)) problems.push({ path: ['accounts', i, 'address'], message: 'is listed twice' });
    seen.add(hex);
  }
  return problems;
}

/** Every problem found, each on its own line, so that one edit can fix them all. */
function everyProblem(found: readonly Problem[], file: string): WatchError {
  const problems = found.map((problem) => `${fieldName(problem.path)} ${problem.message}`);
  if (problems.length === 1) return invalid(fieldName(found[0]!.path), found[0]!.message);
  return new WatchError(
    'WATCH_CONFIG_INVALID',
    `The watch configuration ${file} is not usable; fix these ${problems.length} problems:\n` +
      problems.map((problem) => `  - ${problem}`).join('\n'),
    { field: fieldName(found[0]!.path), problems },
  );
}

function hexOf(value: string, field: string): HexAddress {
  try {
    return toHexAddress(value);
  } catch {
    throw invalid(field, `"${value}" is not a TRON address`);
  }
}

function tokenKey(key: string, field: string): TokenKey {
  return /^\d+$/.test(key) ? key : hexOf(key, field);
}

function tokens(input: Record<string, string | number> | undefined, field: string): Map<TokenKey, bigint> {
  return new Map(Object.entries(input ?? {}).map(([k, v]) => [tokenKey(k, `${field}.${k}`), BigInt(v)]));
}

/** Each rule given replaces the default's fields it names; the rest keep their default. */
function resolveRules(input: RulesInput | undefined, base: AccountRules, field: string): AccountRules {
  if (!input) return base;
  const signer = input.unexpectedSigner;
  const outgoing = input.outgoingValue;
  const floor = input.balanceFloor;
  return {
    permissionChanged: { ...base.permissionChanged, ...input.permissionChanged },
    unexpectedSigner: {
      ...base.unexpectedSigner,
      ...(signer?.enabled !== undefined ? { enabled: signer.enabled } : {}),
      // A list given without `fromChain` keeps the meaning it always had: the list replaces the
      // expected signers (or ids), rather than adding to the chain's.
      fromChain:
        signer?.fromChain ?? (signer?.signers || signer?.permissionIds ? false : base.unexpectedSigner.fromChain),
      ...(signer?.permissionIds ? { permissionIds: signer.permissionIds } : {}),
      ...(signer?.signers
        ? { signers: signer.signers.map((s, i) => hexOf(s, `${field}.unexpectedSigner.signers[${i}]`)) }
        : {}),
    },
    outgoingValue: {
      enabled: outgoing?.enabled ?? base.outgoingValue.enabled,
      trxSun: outgoing?.trxSun !== undefined ? BigInt(outgoing.trxSun) : base.outgoingValue.trxSun,
      tokens: outgoing?.tokens ? tokens(outgoing.tokens, `${field}.outgoingValue.tokens`) : base.outgoingValue.tokens,
      otherTokens:
        outgoing?.otherTokens === undefined
          ? base.outgoingValue.otherTokens
          : outgoing.otherTokens === null
            ? null
            : BigInt(outgoing.otherTokens),
    },
    stakingChanged: { ...base.stakingChanged, ...input.stakingChanged },
    contractSettings: { ...base.contractSettings, ...input.contractSettings },
    balanceFloor: {
      enabled: floor?.enabled ?? base.balanceFloor.enabled,
      trxSun: floor?.trxSun !== undefined ? BigInt(floor.trxSun) : base.balanceFloor.trxSun,
      tokens: floor?.tokens ? tokens(floor.tokens, `${field}.balanceFloor.tokens`) : base.balanceFloor.tokens,
    },
  };
}

/** Parses the file's text; `file` names it in errors and anchors relative paths. */
export function parseConfigFile(text: string, file: string): HeadlessConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid(file, 'is not valid JSON');
  }
  const parsed = configSchema.safeParse(json);
  const problems = [...(parsed.error?.issues.map(problemOf) ?? []), ...duplicateAccounts(json)];
  if (!parsed.success || problems.length > 0) throw everyProblem(problems, file);
  const c = parsed.data;
  const folder = dirname(resolve(file));
  const defaults = resolveRules(c.defaults, defaultRules(), 'defaults');
  const accounts: WatchedAccount[] = c.accounts.map((a, i) => ({
    address: hexOf(a.address, `accounts[${i}].address`),
    label: a.label ?? '',
    rules: resolveRules(a.rules, defaults, `accounts[${i}].rules`),
  }));
  const envelopes: WatchedEnvelope[] = (c.envelopes ?? []).map((e, i) => ({
    txid: e.txid.toLowerCase() as TxId,
    owner: hexOf(e.owner, `envelopes[${i}].owner`),
    expiration: e.expiration,
    broadcastByUs: e.broadcastByUs ?? false,
    ...(e.label !== undefined ? { label: e.label } : {}),
  }));
  return {
    ...(c.node?.url !== undefined ? { nodeUrl: c.node.url } : {}),
    ...(c.node?.solidityUrl !== undefined ? { solidityUrl: c.node.solidityUrl } : {}),
    ...(c.node?.apiKeyEnv !== undefined ? { apiKeyEnv: c.node.apiKeyEnv } : {}),
    requestsPerSecond: c.node?.requestsPerSecond ?? 0,
    ...(c.node?.timeoutMs !== undefined ? { timeoutMs: c.node.timeoutMs } : {}),
    pollMs: c.pollMs ?? 3000,
    stateDir: resolve(folder, c.stateDir ?? 'watch-state'),
    startAt: c.startAt ?? 'head',
    policyFiles: (c.policies ?? []).map((p) => resolve(folder, p)),
    watchList: {
      accounts,
      envelopes,
      knownAddresses: (c.knownAddresses ?? []).map((a, i) => hexOf(a, `knownAddresses[${i}]`)),
      names: new Map(Object.entries(c.names ?? {}).map(([a, name]) => [hexOf(a, `names.${a}`), name])),
      tokens: new Map(Object.entries(c.tokens ?? {}).map(([k, facts]) => [tokenKey(k, `tokens.${k}`), facts])),
    },
    ...(c.webhook
      ? {
          webhook: {
            url: c.webhook.url,
            secretEnv: c.webhook.secretEnv ?? 'WATCH_WEBHOOK_SECRET',
            ...(c.webhook.maxAttempts !== undefined ? { maxAttempts: c.webhook.maxAttempts } : {}),
            ...(c.webhook.backoffMs !== undefined ? { backoffMs: c.webhook.backoffMs } : {}),
            ...(c.webhook.maxBackoffMs !== undefined ? { maxBackoffMs: c.webhook.maxBackoffMs } : {}),
            ...(c.webhook.timeoutMs !== undefined ? { timeoutMs: c.webhook.timeoutMs } : {}),
            deadLetterFile: resolve(folder, c.webhook.deadLetterFile ?? 'watch-dead-letter.jsonl'),
          },
        }
      : {}),
  };
}
