import { expect } from 'vitest';
import type { TronNode } from '@main/node';
import type { Reply } from '../helpers';

/** JSON-RPC test helpers: one call, a raw body, the EVM form of an address, java-tron's error shape. */
export async function rpcText(
  url: string,
  body: string,
): Promise<{ status: number; text: string; contentType: string }> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  return {
    status: response.status,
    text: await response.text(),
    contentType: response.headers.get('content-type') ?? '',
  };
}

/** One request; the whole reply object. */
export async function rpc(node: TronNode, method: string, params: unknown[] = [], id: unknown = 1): Promise<Reply> {
  const { text } = await rpcText(node.jsonRpcUrl, JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  return JSON.parse(text) as Reply;
}

/** The result of a call that must succeed. */
export async function result(node: TronNode, method: string, params: unknown[] = []): Promise<Reply['result']> {
  const reply = await rpc(node, method, params);
  expect(reply.error, `${method} ${JSON.stringify(params)}`).toBeUndefined();
  return reply.result;
}

/** `41…` hex → the 20-byte 0x address Ethereum clients send. */
export function evm(hex41: string): string {
  return `0x${hex41.slice(2)}`;
}

/** An error answered for an exception the method lists in @JsonRpcErrors: code, message, data "{}". */
export function annotatedError(code: number, message: string, data: unknown = '{}'): Reply {
  return { jsonrpc: '2.0', id: 1, error: { code, message, data } };
}

/** An error from jsonrpc4j's DefaultErrorResolver (an exception the method does not list). */
export function unhandledError(exceptionTypeName: string, message: string | null): Reply {
  return { jsonrpc: '2.0', id: 1, error: { code: -32001, message, data: { exceptionTypeName, message } } };
}

/** jsonrpc4j's "method parameters invalid" (wrong parameter count). */
export const PARAMS_INVALID: Reply = {
  jsonrpc: '2.0',
  id: 1,
  error: { code: -32602, message: 'method parameters invalid' },
};
