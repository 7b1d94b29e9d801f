import { bytesToHex } from '../../../../src-core/bytes/hex';
import { JAVA } from '../../java-json/error-body';
import type { ApiRequest } from '../request';
import type { NodeServices } from '../services';
import { JavaError } from '../../errors';
import { RawReply } from '../server';
import { addressFromPrivateKey } from '../../../../src-core/keys/keys';
import { hexToBytes } from '../../../../src-core/bytes/hex';
import { toBase58Address } from '../../../../src-core/address/address';

/**
 * Dev-mode endpoints (off with --no-dev): the funded keys, "mine N blocks now" and "advance
 * chain time". They exist so tests and local tools can drive the chain deterministically.
 */
type Json = Record<string, unknown>;

export const adminAccounts = (s: NodeServices) => (): Json => ({
  accounts: s.funded.map((k) => ({
    index: k.index,
    path: k.path,
    address: k.base58,
    hex: k.hex,
    privateKey: bytesToHex(k.privateKey),
    balance: Number(s.pool.view.getAccount(k.hex)?.balance ?? 0n),
  })),
});

function positiveInteger(value: unknown, field: string, max: number): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > max) {
    throw new JavaError(JAVA.illegalArgument, `${field} must be a whole number from 1 to ${max}`);
  }
  return n;
}

function headJson(s: NodeServices): Json {
  const p = s.chain.props;
  return { head: p.headNumber, headId: p.headId, headTimestamp: p.headTimestamp, solidified: p.solidNumber };
}

export const adminMine =
  (s: NodeServices) =>
  async (req: ApiRequest): Promise<Json> => {
    const body = req.body();
    const blocks = body.blocks === undefined ? 1 : positiveInteger(body.blocks, 'blocks', 10_000);
    await s.mine(blocks);
    return headJson(s);
  };

export const adminTime =
  (s: NodeServices) =>
  (req: ApiRequest): Json => {
    const seconds = positiveInteger(req.body().seconds, 'seconds', 10 * 365 * 86_400);
    s.advanceTime(seconds);
    return { ...headJson(s), nextBlockTimestamp: s.chain.clock.nextBlockTimestamp(Date.now()) };
  };

/**
 * TRE's `/admin/accounts-json`: the funded keys as `privateKeys` (what TronBox reads) and the generated sets as `more`.
 */
export const adminAccountsJson = (s: NodeServices) => (): Json => ({ ...s.devAccounts.json() });

/** TRE's default number of generated accounts. */
const TRE_DEFAULT_ACCOUNTS = 10;
const MAX_GENERATED_ACCOUNTS = 100;

/** TRE's listing of every account it knows (`formatAccounts`): addresses with balances, then keys. */
function accountsText(s: NodeServices): string {
  const book = s.devAccounts.json();
  const keys = [...book.privateKeys, ...book.more.flatMap((set) => set.privateKeys)];
  const addresses = keys.map((k) => addressFromPrivateKey(hexToBytes(k)));
  const trx = (hex: string): string => {
    const sun = s.pool.view.getAccount(hex)?.balance ?? 0n;
    const fraction = (sun % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
    return `${sun / 1_000_000n}${fraction ? `.${fraction}` : ''}`;
  };
  const lines = ['Available Accounts', '==================', ''];
  addresses.forEach((hex, i) => lines.push(`(${i}) ${toBase58Address(hex)} (${trx(hex)} TRX)`));
  lines.push('', 'Private Keys', '==================', '');
  keys.forEach((k, i) => lines.push(`(${i}) ${k}`));
  const last = book.more.at(-1) ?? book;
  lines.push(
    '',
    'HD Wallet',
    '==================',
    `Mnemonic:      ${last.mnemonic}`,
    `Base HD Path:  ${last.hdPath}{account_index}`,
    '',
  );
  return lines.join('\n');
}

/**
 * TRE's `/admin/temporary-accounts-generation?accounts=N`: N accounts from a fresh mnemonic, each
 * paid 10,000 TRX; answers once the transfers are in a block, with TRE's text listing.
 */
export const adminTemporaryAccounts =
  (s: NodeServices) =>
  async (req: ApiRequest): Promise<RawReply> => {
    const requested = req.method === 'GET' ? (req.query.get('accounts') ?? undefined) : req.body().accounts;
    const count =
      requested === undefined ? TRE_DEFAULT_ACCOUNTS : positiveInteger(requested, 'accounts', MAX_GENERATED_ACCOUNTS);
    await s.devAccounts.generate(count);
    return new RawReply(accountsText(s), 200, 'text/plain; charset=utf-8');
  };
