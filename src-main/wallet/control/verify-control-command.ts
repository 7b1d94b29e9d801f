import { readFile } from 'node:fs/promises';
import { TronNodeClient } from '../../../src-core/client/client';
import type { FetchLike } from '../../../src-core/client/fetch';
import {
  ControlError,
  parseProofOfControl,
  verifyProofOfControl,
  type ProofOfControl,
} from '../../../src-core/control';
import { WalletError } from '../../../src-core/errors';
import { readControlFacts, verificationMethod } from './node-facts';

export const VERIFY_CONTROL_USAGE =
  'Usage: verify-control <proof file> --node <url> [--api-key-env NAME] [--no-balances]\n' +
  '  Checks a proof of control against the node at <url>: the signatures against the permission the proof\n' +
  '  states, the pinned block id, the permission and the balances as the node holds them now.\n' +
  '  --api-key-env NAME  send the API key in environment variable NAME (TronGrid) with each request\n' +
  '  --no-balances       do not compare balances (they match only while nothing moved since the pinned block)\n' +
  '  Exit status: 0 verified, 1 the proof fails (the reason is printed), 2 bad arguments, an unreadable file,\n' +
  '  or a node that could not be read.\n';

export interface VerifyControlIo {
  out(text: string): void;
  err(text: string): void;
  /** Defaults to the global fetch; tests may pass their own. */
  readonly fetch?: FetchLike;
  /** Defaults to process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

interface Args {
  readonly file: string;
  readonly node: string;
  readonly apiKeyEnv?: string;
  readonly balances: boolean;
}

function parseArgs(args: readonly string[]): Args | string {
  let file: string | undefined;
  let node: string | undefined;
  let apiKeyEnv: string | undefined;
  let balances = true;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--node' || arg === '--api-key-env') {
      const value = args[++i];
      if (value === undefined || value.startsWith('--')) return `${arg} needs a value.`;
      if (arg === '--node') node = value;
      else apiKeyEnv = value;
    } else if (arg === '--no-balances') balances = false;
    else if (arg.startsWith('--')) return `Unknown option ${arg}.`;
    else if (file === undefined) file = arg;
    else return `Only one proof file can be checked at a time; ${arg} is a second one.`;
  }
  if (file === undefined) return 'Name the proof file to check.';
  if (node === undefined) return 'Name the node to check against with --node <url>.';
  try {
    const url = new URL(node);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `--node ${node} must be an http(s) URL.`;
  } catch {
    return `--node ${node} is not a URL.`;
  }
  return { file, node, balances, ...(apiKeyEnv !== undefined ? { apiKeyEnv } : {}) };
}

/**
 * `verify-control <file> --node <url>`: exit 0 when the proof verifies, 1 when it fails (with the
 * first reason), 2 for bad arguments, a file that is not a proof, or a node that cannot be read.
 * The output says how the node was read, since a current-state node answers for its head only.
 */
export async function runVerifyControlCommand(args: readonly string[], io: VerifyControlIo): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    io.err(`${parsed}\n${VERIFY_CONTROL_USAGE}`);
    return 2;
  }
  let proof: ProofOfControl;
  try {
    proof = parseProofOfControl(await readFile(parsed.file, 'utf8'));
  } catch (error) {
    if (error instanceof ControlError) io.err(`${parsed.file}: ${error.message}\n`);
    else io.err(`Could not read ${parsed.file}: ${(error as Error).message}\n`);
    return 2;
  }
  const apiKey = parsed.apiKeyEnv === undefined ? undefined : (io.env ?? process.env)[parsed.apiKeyEnv];
  if (parsed.apiKeyEnv !== undefined && !apiKey) {
    io.err(
      `The environment variable ${parsed.apiKeyEnv} is empty; set it to the API key, or leave out --api-key-env.\n`,
    );
    return 2;
  }
  const client = new TronNodeClient({
    fullNodeUrl: parsed.node,
    fetch: io.fetch ?? (globalThis.fetch as unknown as FetchLike),
    ...(apiKey ? { apiKey } : {}),
  });
  let facts;
  try {
    facts = await readControlFacts(client, proof, { balances: parsed.balances });
  } catch (error) {
    if (!(error instanceof WalletError)) throw error;
    io.err(`Could not read the proof's facts from ${parsed.node}: ${error.message}\n`);
    return 2;
  }
  const verdict = verifyProofOfControl(proof, facts);
  io.out(`${verdict.verified ? 'VERIFIED' : 'FAILED'}: ${verdict.message}\n`);
  io.out(`Method: ${verificationMethod(facts.head, proof, parsed.balances)}\n`);
  return verdict.verified ? 0 : 1;
}
