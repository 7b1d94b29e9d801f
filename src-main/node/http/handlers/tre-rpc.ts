import type { ApiRequest } from '../request';
import type { NodeServices } from '../services';
import { RawReply } from '../server';

/**
 * TRE's dev JSON-RPC (`POST /tre`, the `tronbox/tre` image), the endpoint TronBox's
 * `tronWrap.send` and TronWeb's test helper `createEmptyBlock` call. TronBox documents
 * `tre_mine` as "mine exactly `blocks` blocks" with params `[{ blocks: N }]` and checks that it
 * answers "0x0" (TronBox's test/tre). With 3 s blocks each mined block waits for its wall-clock
 * slot (at most 3 s): TronWeb's tests mine a block, then start a token sale at `Date.now()`, which
 * java-tron refuses if the head block's time is later. The methods that edit state directly (balances, code,
 * storage, unlocked accounts) and `tre_blockTime` are not served; they answer JSON-RPC's
 * "method not found".
 */
type RpcId = string | number | null;

/** JSON-RPC 2.0's error codes (jsonrpc.org/specification §5.1). */
const RPC_ERROR = { parse: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602 } as const;

/** How many blocks one `tre_mine` may ask for; a guard against a request that would hold the node for hours. */
const MAX_MINED_BLOCKS = 10_000;

class TreRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function blocksToMine(params: unknown): number {
  if (params === undefined || (Array.isArray(params) && params.length === 0)) return 1;
  const first: unknown = Array.isArray(params) ? params[0] : undefined;
  const blocks = first !== null && typeof first === 'object' ? (first as { blocks?: unknown }).blocks : undefined;
  if (blocks === undefined) return 1;
  if (typeof blocks !== 'number' || !Number.isInteger(blocks) || blocks < 1 || blocks > MAX_MINED_BLOCKS)
    throw new TreRpcError(
      RPC_ERROR.invalidParams,
      `tre_mine expects [{ "blocks": N }] with N a whole number from 1 to ${MAX_MINED_BLOCKS}`,
    );
  return blocks;
}

async function call(s: NodeServices, method: unknown, params: unknown): Promise<unknown> {
  if (method === 'tre_mine') {
    await s.mineOnClock(blocksToMine(params));
    return '0x0';
  }
  const name = typeof method === 'string' ? method : JSON.stringify(method);
  throw new TreRpcError(RPC_ERROR.methodNotFound, `The method ${name} does not exist/is not available`);
}

function reply(id: RpcId, outcome: { result: unknown } | { error: { code: number; message: string } }): RawReply {
  return new RawReply(JSON.stringify({ jsonrpc: '2.0', id, ...outcome }));
}

export const treRpc =
  (s: NodeServices) =>
  async (req: ApiRequest): Promise<RawReply> => {
    let request: unknown;
    try {
      request = JSON.parse(req.bodyText);
    } catch {
      return reply(null, { error: { code: RPC_ERROR.parse, message: 'Parse error: the body is not JSON' } });
    }
    if (request === null || typeof request !== 'object' || Array.isArray(request))
      return reply(null, {
        error: { code: RPC_ERROR.invalidRequest, message: 'Invalid request: expected one JSON-RPC request object' },
      });
    const { id = null, method, params } = request as { id?: RpcId; method?: unknown; params?: unknown };
    try {
      return reply(id, { result: await call(s, method, params) });
    } catch (error) {
      if (!(error instanceof TreRpcError)) throw error;
      return reply(id, { error: { code: error.code, message: error.message } });
    }
  };
