import type { JsonOut } from './json';

/**
 * java-tron's JSON-RPC errors. A method throws one of its exceptions; jsonrpc4j's resolver turns
 * it into the error object:
 * - an exception the method lists in `@JsonRpcErrors` (TronJsonRpc) answers with that code, the
 *   exception's message and `data: "{}"`, or the exception's own data (java-tron 4.8.1
 *   `JsonRpcErrorResolver`: the revert data of eth_call / eth_estimateGas);
 * - any other exception goes to jsonrpc4j's `DefaultErrorResolver`: code -32001 and
 *   `data: {exceptionTypeName, message}`.
 * Protocol failures (parse, envelope, unknown method, parameter count) have fixed texts and no data
 * (jsonrpc4j `ErrorResolver.JsonError`).
 */
export const ERROR_KINDS = {
  invalidParams: { code: -32602, javaClass: 'org.tron.core.exception.jsonrpc.JsonRpcInvalidParamsException' },
  invalidRequest: { code: -32600, javaClass: 'org.tron.core.exception.jsonrpc.JsonRpcInvalidRequestException' },
  methodNotFound: { code: -32601, javaClass: 'org.tron.core.exception.jsonrpc.JsonRpcMethodNotFoundException' },
  internal: { code: -32000, javaClass: 'org.tron.core.exception.jsonrpc.JsonRpcInternalException' },
  tooManyResult: { code: -32005, javaClass: 'org.tron.core.exception.jsonrpc.JsonRpcTooManyResultException' },
  exceedLimit: { code: -32005, javaClass: 'org.tron.core.exception.jsonrpc.JsonRpcExceedLimitException' },
  itemNotFound: { code: -32000, javaClass: 'org.tron.core.exception.ItemNotFoundException' },
} as const;

export type ErrorKind = keyof typeof ERROR_KINDS;

/** jsonrpc4j `DefaultErrorResolver` (ErrorResolver.JsonError.ERROR_NOT_HANDLED). */
export const UNHANDLED_CODE = -32001;

/** jsonrpc4j's fixed errors (ErrorResolver.JsonError). */
export const PROTOCOL_ERRORS = {
  parse: { code: -32700, message: 'JSON parse error' },
  invalidRequest: { code: -32600, message: 'invalid request' },
  methodNotFound: { code: -32601, message: 'method not found' },
  paramsInvalid: { code: -32602, message: 'method parameters invalid' },
} as const;

/** Java classes of exceptions that reach the resolver unannotated. */
export const JAVA_CLASS = {
  nullPointer: 'java.lang.NullPointerException',
  numberFormat: 'java.lang.NumberFormatException',
  classCast: 'java.lang.ClassCastException',
  runtime: 'java.lang.RuntimeException',
  unsupportedOperation: 'java.lang.UnsupportedOperationException',
  decoder: 'org.bouncycastle.util.encoders.DecoderException',
} as const;

/** One of java-tron's JsonRpc*Exception / ItemNotFoundException. `message` may be null, as in Java. */
export class JsonRpcFailure extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly javaMessage: string | null,
    /** Data of a java-tron 4.8.1 JsonRpcException (hex revert data). */
    readonly data?: string,
  ) {
    super(javaMessage ?? 'null');
  }
}

export const invalidParams = (message: string | null): JsonRpcFailure => new JsonRpcFailure('invalidParams', message);
export const invalidRequest = (message: string | null): JsonRpcFailure => new JsonRpcFailure('invalidRequest', message);
export const methodNotFound = (message: string): JsonRpcFailure => new JsonRpcFailure('methodNotFound', message);
export const internalError = (message: string | null, data?: string): JsonRpcFailure =>
  new JsonRpcFailure('internal', message, data);
export const tooManyResults = (message: string): JsonRpcFailure => new JsonRpcFailure('tooManyResult', message);
export const itemNotFound = (message: string): JsonRpcFailure => new JsonRpcFailure('itemNotFound', message);
export const exceedLimit = (message: string): JsonRpcFailure => new JsonRpcFailure('exceedLimit', message);

/** A Java runtime exception java-tron lets escape (NullPointerException, DecoderException, …). */
export class JavaRuntimeFailure extends Error {
  constructor(
    readonly javaClass: string,
    readonly javaMessage: string | null,
  ) {
    super(javaMessage ?? 'null');
  }
}

export const nullPointer = (): JavaRuntimeFailure => new JavaRuntimeFailure(JAVA_CLASS.nullPointer, null);

/** The node refused the contract before executing it (java-tron ContractValidateException). */
export class ContractRejected extends Error {}

/** Jackson could not map a parameter to its Java type: jsonrpc4j answers with a parse error. */
export class ParamMappingError extends Error {}

/**
 * jsonrpc4j lets an IllegalArgumentException escape (an id that is not a number or text, scalar
 * `params`): the servlet answers with an empty body, a batch with a parse-error entry.
 */
export class RequestAbandoned extends Error {}

export interface ErrorObject {
  readonly code: number;
  readonly message: string | null;
  readonly data?: JsonOut;
}

/** The error object jsonrpc4j writes for `error` thrown by a method that lists `annotated`. */
export function resolveError(error: unknown, annotated: readonly ErrorKind[]): ErrorObject {
  if (error instanceof JsonRpcFailure) {
    if (annotated.includes(error.kind))
      return { code: ERROR_KINDS[error.kind].code, message: error.javaMessage, data: error.data ?? '{}' };
    return unhandled(ERROR_KINDS[error.kind].javaClass, error.javaMessage);
  }
  if (error instanceof JavaRuntimeFailure) return unhandled(error.javaClass, error.javaMessage);
  // A fault of this node (not a java-tron behaviour): reported in the shape Java faults take.
  return unhandled(JAVA_CLASS.runtime, error instanceof Error ? error.message : String(error));
}

function unhandled(javaClass: string, message: string | null): ErrorObject {
  return { code: UNHANDLED_CODE, message, data: { exceptionTypeName: javaClass, message } };
}
