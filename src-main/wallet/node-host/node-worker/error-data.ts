import { WalletError, deserializeError, serializeError, type SerializedError } from '../../../../src-core/errors';
import {
  AdmissionError,
  BandwidthInsufficient,
  ChainError,
  CliUsageError,
  ContractExeError,
  ContractValidateError,
  ExtCodecError,
  ForkDataError,
  ForkUpstreamError,
  JavaError,
  MnemonicError,
  NodeStoppingError,
  ReturnCodeError,
  TransactionSignatureError,
  UnknownAssetForBandwidth,
  type ResponseCode,
  type SignatureFailureKind,
} from '../../../node/errors';

/**
 * An error as it crosses the worker boundary. Structured clone would keep only `message` (and
 * lose the class), so each error travels as data and is rebuilt on the other side as an instance
 * of the class callers test with `instanceof`: `WalletError` subclasses through src-core's
 * registry (code and details), the node's error classes with their fields, Node's system errors
 * with `code` (`EADDRINUSE` decides what the host tells the person), built-in errors by name.
 */
export type ErrorData =
  | { readonly kind: 'wallet'; readonly error: SerializedError }
  | {
      readonly kind: 'node';
      readonly name: NodeErrorName;
      readonly message: string;
      readonly fields: readonly unknown[];
    }
  | {
      readonly kind: 'plain';
      readonly name: string;
      readonly message: string;
      readonly code?: string;
      readonly syscall?: string;
    };

interface NodeErrorCodec<E extends Error> {
  readonly type: abstract new (...args: never[]) => E;
  readonly fields: (error: E) => readonly unknown[];
  readonly build: (message: string, fields: readonly unknown[]) => E;
}

const codec = <E extends Error>(
  type: NodeErrorCodec<E>['type'],
  fields: NodeErrorCodec<E>['fields'],
  build: NodeErrorCodec<E>['build'],
): NodeErrorCodec<E> => ({ type, fields, build });

const messageOnly = <E extends Error>(type: new (message: string) => E): NodeErrorCodec<E> =>
  codec(
    type,
    () => [],
    (message) => new type(message),
  );

/** src-main/node/errors.ts, class by class (none extends another, so the order does not matter). */
const NODE_ERRORS = {
  AdmissionError: codec(
    AdmissionError,
    (e) => [e.code],
    (m, [code]) => new AdmissionError(code as ResponseCode, m),
  ),
  TransactionSignatureError: codec(
    TransactionSignatureError,
    (e) => [e.kind],
    (m, [kind]) => new TransactionSignatureError(kind as SignatureFailureKind, m),
  ),
  JavaError: codec(
    JavaError,
    (e) => [e.className, e.bare],
    (m, [className, bare]) => new JavaError(String(className), m, bare === true),
  ),
  ReturnCodeError: codec(
    ReturnCodeError,
    (e) => [e.code],
    (m, [code]) => new ReturnCodeError(code as ReturnCodeError['code'], m),
  ),
  ForkUpstreamError: codec(
    ForkUpstreamError,
    (e) => [e.item, e.cause_],
    (_m, [item, cause]) => new ForkUpstreamError(String(item), String(cause)),
  ),
  NodeStoppingError: codec(
    NodeStoppingError,
    () => [],
    () => new NodeStoppingError(),
  ),
  ChainError: messageOnly(ChainError),
  BandwidthInsufficient: messageOnly(BandwidthInsufficient),
  UnknownAssetForBandwidth: messageOnly(UnknownAssetForBandwidth),
  ContractValidateError: messageOnly(ContractValidateError),
  ContractExeError: messageOnly(ContractExeError),
  ExtCodecError: messageOnly(ExtCodecError),
  MnemonicError: messageOnly(MnemonicError),
  CliUsageError: messageOnly(CliUsageError),
  ForkDataError: messageOnly(ForkDataError),
} as const;

export type NodeErrorName = keyof typeof NODE_ERRORS;

const BUILT_IN: Readonly<Record<string, new (message: string) => Error>> = {
  Error,
  RangeError,
  TypeError,
  SyntaxError,
  ReferenceError,
};

export function toErrorData(error: unknown): ErrorData {
  if (error instanceof WalletError) return { kind: 'wallet', error: serializeError(error) };
  for (const [name, entry] of Object.entries(NODE_ERRORS) as [NodeErrorName, NodeErrorCodec<Error>][]) {
    if (error instanceof entry.type) return { kind: 'node', name, message: error.message, fields: entry.fields(error) };
  }
  if (error instanceof Error) {
    const { code, syscall } = error as { code?: unknown; syscall?: unknown };
    return {
      kind: 'plain',
      name: error.name,
      message: error.message,
      ...(typeof code === 'string' ? { code } : {}),
      ...(typeof syscall === 'string' ? { syscall } : {}),
    };
  }
  return { kind: 'plain', name: 'Error', message: String(error) };
}

export function fromErrorData(data: ErrorData): Error {
  switch (data.kind) {
    case 'wallet':
      return deserializeError(data.error);
    case 'node': {
      const entry = NODE_ERRORS[data.name] as NodeErrorCodec<Error> | undefined;
      return entry ? entry.build(data.message, data.fields) : new Error(data.message);
    }
    case 'plain': {
      const error = new (BUILT_IN[data.name] ?? Error)(data.message);
      if (!(data.name in BUILT_IN)) error.name = data.name;
      if (data.code !== undefined) Object.assign(error, { code: data.code });
      if (data.syscall !== undefined) Object.assign(error, { syscall: data.syscall });
      return error;
    }
  }
}
