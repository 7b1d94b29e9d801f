import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TronNode } from '../../../src-main/node';
import { buildRoutes } from '../../../src-main/node/http/routes';
import { makeTx, startNode, fundedKey, transfer, type Reply } from './helpers';

/**
 * Malformed input to every endpoint: the process never crashes, never answers 5xx, every non-empty
 * body is JSON without V8's JSON error texts, and the chain state does not change.
 */
const RUNS_PER_ENDPOINT = 40;

/** What V8's JSON.parse says; java-tron's texts are JsonFormat's and fastjson's, so none of this may reach a client. */
const V8_JSON_TEXT =
  /Unexpected token|Unexpected end of JSON|in JSON at position|is not valid JSON|Bad control character|Unterminated string|Unexpected non-whitespace/;

/** The reply with every hex `message` (java-tron prints Return.message as hex without visible) decoded too. */
function readable(text: string): string {
  const hexMessages = [...text.matchAll(/"message":"((?:[0-9a-f]{2})+)"/g)].map((m) =>
    Buffer.from(m[1]!, 'hex').toString(),
  );
  return [text, ...hexMessages].join('\n');
}

describe('fuzzing every endpoint with malformed bodies', () => {
  let node: TronNode;
  let paths: string[];
  let valid: Record<string, unknown>;

  beforeAll(async () => {
    node = await startNode();
    paths = [...buildRoutes({ config: node.config } as never).keys()];
    const alice = fundedKey(node, 0);
    valid = makeTx(node, transfer(alice, fundedKey(node, 1), 1n), alice.key) as unknown as Record<string, unknown>;
  });
  afterAll(async () => node?.stop());

  function snapshot(): string {
    const balances = node.accounts.map((a) => String(node.pool.view.getAccount(a.hex)?.balance));
    return JSON.stringify({
      head: node.head(),
      pool: node.pool.size,
      balances,
      burned: String(node.chain.props.burnedSun),
    });
  }

  // Bodies that look almost right are the interesting ones: a valid transaction with one part broken.
  const mutations = (): fc.Arbitrary<unknown> =>
    fc.oneof(
      fc
        .constantFrom(
          'raw_data',
          'signature',
          'txID',
          'visible',
          'contract',
          'value',
          'parameter',
          'type',
          'amount',
          'owner_address',
        )
        .chain((field) =>
          fc.jsonValue().map((v) => {
            const tx = structuredClone(valid) as Reply;
            if (field in tx) tx[field] = v;
            else if (field === 'contract') tx.raw_data.contract = v;
            else if (field === 'parameter') tx.raw_data.contract[0].parameter = v;
            else if (field === 'type') tx.raw_data.contract[0].type = v;
            else tx.raw_data.contract[0].parameter.value[field] = v;
            return tx;
          }),
        ),
      fc.record(
        {
          address: fc.jsonValue(),
          value: fc.jsonValue(),
          num: fc.jsonValue(),
          id_or_num: fc.jsonValue(),
          visible: fc.jsonValue(),
          transaction: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    );

  const bodies = (): fc.Arbitrary<string> =>
    fc.oneof(
      mutations().map((v) => JSON.stringify(v) ?? 'null'),
      fc.string(),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
      fc.constantFrom(
        '{',
        '{"a":',
        '[1,2',
        '{"address":1e400}',
        '{"num":-1}',
        '{"num":"x"}',
        '{"value":"zz"}',
        '{"raw_data":{"contract":{}}}',
        '{"raw_data":{"contract":[null]}}',
        '{"signature":"ab"}',
        '{"visible":true,"address":"T"}',
        '1'.repeat(5000),
        '{"transaction":"0a0b"}',
        '{"blocks":-1}',
        '{"seconds":"x"}',
      ),
    );

  it('never crashes, never answers 5xx, always JSON, never a V8 JSON error text, never changes state', async () => {
    const before = snapshot();
    // The admin endpoints that change state on purpose (TRE's account generation also answers text).
    const changesState = new Set(['/admin/mine', '/admin/time', '/admin/temporary-accounts-generation']);
    const fuzzable = paths.filter((p) => !changesState.has(p));
    for (const path of fuzzable) {
      await fc.assert(
        fc.asyncProperty(
          bodies(),
          fc.constantFrom('POST', 'GET'),
          fc.string({ maxLength: 30 }),
          async (body, method, query) => {
            const url = `${node.url}${path}${method === 'GET' ? `?value=${encodeURIComponent(query)}&address=${encodeURIComponent(query)}&num=${encodeURIComponent(query)}&visible=${encodeURIComponent(query)}` : ''}`;
            const response = await fetch(url, {
              method,
              body: method === 'POST' ? body : undefined,
              headers: { 'Content-Type': 'application/json' },
            });
            const text = await response.text();
            expect(response.status).toBeLessThan(500);
            if (text.trim() !== '') expect(() => JSON.parse(text)).not.toThrow();
            expect(readable(text)).not.toMatch(V8_JSON_TEXT);
          },
        ),
        { numRuns: RUNS_PER_ENDPOINT, seed: 20261121 },
      );
    }
    const admin: [string, string][] = [
      ...[
        '{',
        '[]',
        '"x"',
        '{"blocks":"many"}',
        '{"blocks":0}',
        '{"blocks":1.5}',
        '{"blocks":null}',
        '{"blocks":100001}',
      ].map((b): [string, string] => ['/admin/mine', b]),
      ...['{', '[]', '{}', '{"seconds":-5}', '{"seconds":{}}', '{"seconds":"1e3"}'].map((b): [string, string] => [
        '/admin/time',
        b,
      ]),
    ];
    for (const [path, body] of admin) {
      {
        const response = await fetch(`${node.url}${path}`, { method: 'POST', body });
        expect(response.status).toBe(200);
        expect(JSON.parse(await response.text()).Error).toEqual(expect.any(String));
      }
    }
    expect(snapshot()).toBe(before);
    // Still serving.
    expect((await fetch(`${node.url}/wallet/getnowblock`)).status).toBe(200);
  }, 120_000);
});
