import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { checkJsonDepth, FASTJSON_MAX_LEVEL } from '@main/node/http/json-depth';
import { JavaError } from '@main/node/errors';
import { MAX_NESTING_DEPTH } from '@main/node/jsonrpc/json';
import { call, startNode } from '../helpers';
import { rpcText } from '../jsonrpc/helpers';

/** `n` arrays, one inside the other. */
const arrays = (n: number): string => `${'['.repeat(n)}${']'.repeat(n)}`;
const objects = (n: number): string => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

function refusal(text: string): string | undefined {
  try {
    checkJsonDepth(text);
    return undefined;
  } catch (error) {
    if (error instanceof JavaError) return `${error.className} : ${error.message}`;
    throw error;
  }
}

describe("fastjson's nesting level on request texts", () => {
  it('takes arrays up to level 512 under the root object and refuses the next with "array level > 512"', () => {
    // The root object is level 0; the array opened inside level 512 is the 513th.
    expect(refusal(`{"x":${arrays(FASTJSON_MAX_LEVEL + 1)}}`)).toBeUndefined();
    expect(refusal(`{"x":${arrays(FASTJSON_MAX_LEVEL + 2)}}`)).toBe(
      'com.alibaba.fastjson.JSONException : array level > 512',
    );
  });

  it('refuses objects past the same level, and ignores brackets inside strings', () => {
    expect(refusal(objects(FASTJSON_MAX_LEVEL + 2))).toBeUndefined();
    expect(refusal(objects(FASTJSON_MAX_LEVEL + 3))).toBe('com.alibaba.fastjson.JSONException : object level > 512');
    expect(refusal(`{"x":"${'['.repeat(10_000)}\\"${'{'.repeat(10_000)}"}`)).toBeUndefined();
  });
});

describe('deeply nested request bodies on the node', () => {
  let node: TronNode;
  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(async () => node?.stop());

  const deep = arrays(100_000);

  it("answers a /wallet body nested 100,000 deep with fastjson's JSONException, not a stack overflow", async () => {
    for (const path of ['/wallet/getaccount', '/wallet/broadcasttransaction', '/wallet/getsignweight']) {
      const reply = await call(node, path, `{"address":"41","x":${deep}}`);
      expect(reply.json, path).toEqual({ Error: 'class com.alibaba.fastjson.JSONException : array level > 512' });
    }
    expect((await call(node, '/wallet/getnowblock')).json.blockID).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers JSON-RPC nested past Jackson's 1,000 levels with jsonrpc4j's parse error, and takes 1,000", async () => {
    const parseError = { jsonrpc: '2.0', id: 'null', error: { code: -32700, message: 'JSON parse error' } };
    for (const params of [`[${deep}]`, `[${arrays(MAX_NESTING_DEPTH)}]`]) {
      const body = `{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":${params}}`;
      expect(JSON.parse((await rpcText(node.jsonRpcUrl, body)).text)).toEqual(parseError);
    }
    // The envelope object and the params array are two levels: 998 more arrays make 1,000.
    const body = `{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[${arrays(MAX_NESTING_DEPTH - 2)}]}`;
    expect(JSON.parse((await rpcText(node.jsonRpcUrl, body)).text).error).toEqual({
      code: -32602,
      message: 'method parameters invalid',
    });
  });
});
