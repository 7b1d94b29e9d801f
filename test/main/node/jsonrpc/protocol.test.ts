import { describe, expect, it } from 'vitest';
import {
  invalidParams,
  internalError,
  JavaRuntimeFailure,
  methodNotFound,
  ParamMappingError,
} from '@main/node/jsonrpc/errors';
import type { JsonNode } from '@main/node/jsonrpc/json';
import type { MethodContext, MethodSpec } from '@main/node/jsonrpc/methods';
import { methodTable } from '@main/node/jsonrpc/methods';
import { javaDouble, JsonRpcProtocol } from '@main/node/jsonrpc/protocol';
import { stringParam } from '@main/node/jsonrpc/params';

/**
 * The envelope as jsonrpc4j 1.6 (JsonRpcBasicServer / JsonRpcServer, used by java-tron's
 * JsonRpcServlet) handles it, against stand-in methods: batches, notifications, ids, parameter
 * counts, mapping failures and the two error resolvers.
 */
const echo: MethodSpec = {
  name: 'test_echo',
  javaName: 'echo',
  arity: 1,
  annotated: ['invalidParams'],
  async invoke(_context, params: readonly JsonNode[]) {
    const text = stringParam(params[0]!);
    if (text === 'bad') throw invalidParams('bad value');
    if (text === 'npe') throw new JavaRuntimeFailure('java.lang.NullPointerException', null);
    if (text === 'internal') throw internalError('not listed');
    if (text === 'revert') throw internalError('REVERT opcode executed', '0x08c379a0');
    return text;
  },
};
const refuse: MethodSpec = {
  name: 'test_refuse',
  javaName: 'refuse',
  arity: 0,
  annotated: ['methodNotFound'],
  async invoke() {
    throw methodNotFound('the method test_refuse does not exist/is not available');
  },
};
const protocol = new JsonRpcProtocol(methodTable([echo, refuse]), {} as MethodContext);
const answer = async (body: unknown): Promise<unknown> => {
  const text = await protocol.handle(typeof body === 'string' ? body : JSON.stringify(body));
  return text === '' ? '' : JSON.parse(text);
};
const request = (params: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, method: 'test_echo', params });

describe('the JSON-RPC envelope (jsonrpc4j 1.6 as java-tron serves it)', () => {
  it('answers one request with jsonrpc, id and result, the body ending in a newline', async () => {
    expect(await protocol.handle(JSON.stringify(request(['hi'])))).toBe('{"jsonrpc":"2.0","id":1,"result":"hi"}\n');
  });

  it('answers a method by its Java name too (@JsonRpcMethod required = false)', async () => {
    expect(await answer({ jsonrpc: '2.0', id: 1, method: 'echo', params: ['x'] })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: 'x',
    });
  });

  it('refuses malformed and empty bodies with -32700 and the id STRING "null" (createResponseError(VERSION, NULL, PARSE_ERROR))', async () => {
    const parse = { jsonrpc: '2.0', id: 'null', error: { code: -32700, message: 'JSON parse error' } };
    expect(await answer('{"jsonrpc":')).toEqual(parse);
    expect(await answer('')).toEqual(parse);
    expect(await answer('{"a":01}')).toEqual(parse);
  });

  it('reads only the first JSON value of the body, as Jackson readValue does', async () => {
    expect(await answer(`${JSON.stringify(request(['first']))} trailing garbage`)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: 'first',
    });
  });

  it('refuses a body that is neither an object nor an array with -32600 "invalid request"', async () => {
    expect(await answer('5')).toEqual({
      jsonrpc: '2.0',
      id: 'null',
      error: { code: -32600, message: 'invalid request' },
    });
    expect(await answer('null')).toEqual({
      jsonrpc: '2.0',
      id: 'null',
      error: { code: -32600, message: 'invalid request' },
    });
  });

  it('answers an unknown or missing method with -32601 "method not found" and the request id', async () => {
    expect(await answer({ jsonrpc: '2.0', id: 7, method: 'eth_nothing', params: [] })).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32601, message: 'method not found' },
    });
    expect(await answer({ jsonrpc: '2.0', id: 7, params: [] })).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32601, message: 'method not found' },
    });
  });

  it('answers a wrong parameter count with -32602 "method parameters invalid"; named params only as {} for a method without parameters', async () => {
    const invalid = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'method parameters invalid' } };
    expect(await answer(request([]))).toEqual(invalid);
    expect(await answer(request(['a', 'b']))).toEqual(invalid);
    expect(await answer(request({ value: 'a' }))).toEqual(invalid);
    expect(await answer({ jsonrpc: '2.0', id: 1, method: 'test_refuse', params: {} })).toMatchObject({
      error: { code: -32601 },
    });
  });

  it('answers nothing for scalar params or an id that is neither a number nor text (an IllegalArgumentException escapes the servlet)', async () => {
    expect(await answer(request('a'))).toBe('');
    expect(await answer(request(['a'], true))).toBe('');
  });

  it('maps parameters as Jackson does: numbers and booleans become text, an object for a String is a parse error', async () => {
    expect(await answer(request([1.5]))).toEqual({ jsonrpc: '2.0', id: 1, result: '1.5' });
    expect(await protocol.handle('{"jsonrpc":"2.0","id":1,"method":"test_echo","params":[1.50]}')).toBe(
      '{"jsonrpc":"2.0","id":1,"result":"1.50"}\n',
    );
    expect(await answer(request([true]))).toEqual({ jsonrpc: '2.0', id: 1, result: 'true' });
    expect(await answer(request([{ a: 1 }]))).toEqual({
      jsonrpc: '2.0',
      id: 'null',
      error: { code: -32700, message: 'JSON parse error' },
    });
  });

  it('echoes ids as Java writes an int, long, double or text, and the jsonrpc version as sent', async () => {
    expect(await protocol.handle('{"jsonrpc":"2.0","id":1.0,"method":"test_echo","params":["a"]}')).toBe(
      '{"jsonrpc":"2.0","id":1.0,"result":"a"}\n',
    );
    expect(await protocol.handle('{"jsonrpc":"2.0","id":12345678901,"method":"test_echo","params":["a"]}')).toContain(
      '"id":12345678901,',
    );
    // Beyond a long, jsonrpc4j reads the id with asInt(): its low 32 bits.
    expect(
      await protocol.handle('{"jsonrpc":"2.0","id":18446744073709551617,"method":"test_echo","params":["a"]}'),
    ).toContain('"id":1,');
    expect(await answer({ jsonrpc: '1.0', id: 'x', method: 'test_echo', params: ['a'] })).toEqual({
      jsonrpc: '1.0',
      id: 'x',
      result: 'a',
    });
    expect(await answer({ id: 'x', method: 'test_echo', params: ['a'] })).toEqual({
      jsonrpc: '2.0',
      id: 'x',
      result: 'a',
    });
  });

  it('writes doubles as Java Double.toString', () => {
    expect(javaDouble(1)).toBe('1.0');
    expect(javaDouble(0.5)).toBe('0.5');
    expect(javaDouble(1e21)).toBe('1.0E21');
    expect(javaDouble(1.5e-7)).toBe('1.5E-7');
    expect(javaDouble(12345678)).toBe('1.2345678E7');
  });

  it('answers a successful notification with nothing, a failed one with an error whose id is null', async () => {
    expect(await answer({ jsonrpc: '2.0', method: 'test_echo', params: ['a'] })).toBe('');
    expect(await answer({ jsonrpc: '2.0', method: 'test_echo', params: ['bad'] })).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32602, message: 'bad value', data: '{}' },
    });
  });

  it('resolves a listed exception to its code with data "{}" or its own data, any other to -32001 with exceptionTypeName (DefaultErrorResolver)', async () => {
    expect(await answer(request(['bad']))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: 'bad value', data: '{}' },
    });
    expect(await answer(request(['npe']))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32001,
        message: null,
        data: { exceptionTypeName: 'java.lang.NullPointerException', message: null },
      },
    });
    // test_echo does not list JsonRpcInternalException.
    expect(await answer(request(['internal']))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32001,
        message: 'not listed',
        data: { exceptionTypeName: 'org.tron.core.exception.jsonrpc.JsonRpcInternalException', message: 'not listed' },
      },
    });
    expect(await answer({ jsonrpc: '2.0', id: 1, method: 'test_refuse', params: [] })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'the method test_refuse does not exist/is not available', data: '{}' },
    });
  });

  it('answers a batch in order: results, null for a successful notification, -32600 for a non-object, -32700 for a mapping failure', async () => {
    expect(
      await answer([
        request(['a'], 1),
        { jsonrpc: '2.0', method: 'test_echo', params: ['n'] },
        5,
        request([{}], 4),
        request(['bad'], 5),
        request('scalar', 6),
      ]),
    ).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'a' },
      null,
      { jsonrpc: '2.0', id: 'null', error: { code: -32600, message: 'invalid request' } },
      { jsonrpc: '2.0', id: 'null', error: { code: -32700, message: 'JSON parse error' } },
      { jsonrpc: '2.0', id: 5, error: { code: -32602, message: 'bad value', data: '{}' } },
      { jsonrpc: '2.0', id: 'null', error: { code: -32700, message: 'JSON parse error' } },
    ]);
    expect(await answer([])).toEqual([]);
  });

  it('turns a ParamMappingError thrown by a method into a parse error for the whole request', async () => {
    const mapping: MethodSpec = {
      ...echo,
      name: 'test_map',
      javaName: 'map',
      invoke: async () => {
        throw new ParamMappingError('x');
      },
    };
    const p = new JsonRpcProtocol(methodTable([mapping]), {} as MethodContext);
    expect(JSON.parse(await p.handle('{"jsonrpc":"2.0","id":3,"method":"test_map","params":["a"]}'))).toEqual({
      jsonrpc: '2.0',
      id: 'null',
      error: { code: -32700, message: 'JSON parse error' },
    });
  });
});
