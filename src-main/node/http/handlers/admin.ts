import { bytesToHex } from '../../../../src-core/bytes/hex';
import { JAVA } from '../error-body';
import type { ApiRequest } from '../request';
import type { NodeServices } from '../services';
import { JavaError } from '../../errors';

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
    return { ...headJson(s), nextBlockTimestamp: s.chain.nextBlockTimestamp(Date.now()) };
  };
