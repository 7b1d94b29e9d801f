import { describe, expect, it } from 'vitest';
import type { FetchInitLike, FetchLike } from '../../../../src-core/client/fetch';
import { toHexAddress } from '../../../../src-core/address/address';
import { MAX_PAGES, outflowsInLastDay } from '../../../../src-main/wallet/policy/outflow-history';
import { expectRejection } from './helpers';

const ACCOUNT = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const OTHER = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const TOKEN = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const NOW = Date.UTC(2026, 11, 5, 12);

type Page = { data: unknown[]; meta?: { fingerprint?: string } };

/** A node answering TronGrid's account-history paths from fixed pages, recording each URL asked. */
function node(pages: Record<string, Page[]>, status = 200) {
  const asked: { url: string; init: FetchInitLike }[] = [];
  const fetch: FetchLike = async (url, init) => {
    asked.push({ url, init });
    const { pathname, searchParams } = new URL(url);
    const list = pages[pathname] ?? [];
    const index = Number(searchParams.get('fingerprint') ?? '0');
    return { status, text: async () => JSON.stringify({ success: true, ...(list[index] ?? { data: [] }) }) };
  };
  return { fetch, asked };
}

const transfer = (owner: string, amount: number, time: number, contractRet = 'SUCCESS') => ({
  ret: [{ contractRet }],
  block_timestamp: time,
  raw_data: {
    contract: [
      {
        type: 'TransferContract',
        parameter: { value: { owner_address: toHexAddress(owner), to_address: toHexAddress(OTHER), amount } },
      },
    ],
  },
});

describe('outflowsInLastDay', () => {
  it('reads TRX, TRC-10 and TRC-20 outflows since 24 hours before now, from both listings, page by page', async () => {
    const tx = `/v1/accounts/${ACCOUNT}/transactions`;
    const trc20 = `/v1/accounts/${ACCOUNT}/transactions/trc20`;
    const { fetch, asked } = node({
      [tx]: [
        { data: [transfer(ACCOUNT, 2_000_000, NOW - 1000)], meta: { fingerprint: '1' } },
        {
          data: [
            transfer(ACCOUNT, 7_000_000, NOW - 2000, 'REVERT'),
            {
              ret: [{ contractRet: 'SUCCESS' }],
              block_timestamp: NOW - 3000,
              raw_data: {
                contract: [
                  {
                    type: 'TransferAssetContract',
                    parameter: {
                      value: { owner_address: toHexAddress(ACCOUNT), asset_name: '31303030303031', amount: 5 },
                    },
                  },
                ],
              },
            },
          ],
        },
      ],
      [trc20]: [
        {
          data: [
            {
              type: 'Transfer',
              from: ACCOUNT,
              to: OTHER,
              value: '123456789012345678901',
              block_timestamp: NOW - 10,
              token_info: { address: TOKEN },
            },
            {
              type: 'Approval',
              from: ACCOUNT,
              to: OTHER,
              value: '9',
              block_timestamp: NOW - 10,
              token_info: { address: TOKEN },
            },
            {
              type: 'Transfer',
              from: OTHER,
              to: ACCOUNT,
              value: '9',
              block_timestamp: NOW - 10,
              token_info: { address: TOKEN },
            },
          ],
        },
      ],
    });
    const outflows = await outflowsInLastDay({ url: 'http://127.0.0.1:9/', apiKey: 'k', fetch }, ACCOUNT, NOW);
    expect(outflows).toEqual([
      { time: NOW - 1000, asset: 'TRX', amount: 2_000_000n },
      { time: NOW - 3000, asset: 'TRC10:1000001', amount: 5n },
      { time: NOW - 10, asset: `TRC20:${TOKEN}`, amount: 123456789012345678901n },
    ]);
    const first = new URL(asked[0]!.url);
    expect(first.searchParams.get('only_from')).toBe('true');
    expect(first.searchParams.get('min_timestamp')).toBe(String(NOW - 86_400_000));
    expect(asked[0]!.init).toMatchObject({ method: 'GET', headers: { 'TRON-PRO-API-KEY': 'k' } });
    expect(asked).toHaveLength(3);
  });

  it('refuses with a sentence when the node does not serve the account history', async () => {
    const { fetch } = node({}, 404);
    const error = await expectRejection(outflowsInLastDay({ url: 'http://10.0.0.5:8090', fetch }, ACCOUNT, NOW));
    expect(error).toMatchObject({ name: 'PolicyError', code: 'POLICY_HISTORY_UNAVAILABLE' });
    expect(error.message).toContain('10.0.0.5:8090');
    expect(error.message).toContain('HTTP 404');
  });

  it('refuses rather than undercount when a day holds more pages than it reads', async () => {
    const tx = `/v1/accounts/${ACCOUNT}/transactions`;
    const pages = Array.from({ length: MAX_PAGES + 1 }, (_, i) => ({
      data: [transfer(ACCOUNT, 1, NOW - i)],
      meta: { fingerprint: String(i + 1) },
    }));
    const { fetch } = node({ [tx]: pages });
    const error = await expectRejection(outflowsInLastDay({ url: 'http://127.0.0.1:9', fetch }, ACCOUNT, NOW));
    expect(error).toMatchObject({ name: 'PolicyError', code: 'POLICY_HISTORY_TOO_LONG' });
    expect(error.message).toContain(`more than ${MAX_PAGES * 200} transactions`);
  });
});
