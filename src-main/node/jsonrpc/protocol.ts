import { ParamMappingError, PROTOCOL_ERRORS, RequestAbandoned, resolveError } from './errors';
import type { ErrorObject } from './errors';
import { isIntegralLiteral, JsonSyntaxError, parseFirstJsonValue, RawJson, scalarText, writeJson } from './json';
import type { JsonNode, JsonOut } from './json';
import type { MethodContext, MethodSpec } from './methods';

/**
 * The JSON-RPC envelope as jsonrpc4j 1.6's JsonRpcBasicServer handles it for java-tron's
 * JsonRpcServlet: one request or a batch (answered in order, sequentially), notifications (no id:
 * no answer when they succeed), the version echoed, ids echoed in Java's number forms, and the
 * servlet's quirks — an envelope-level error carries the id STRING "null" (`createResponseError(
 * VERSION, NULL, …)`), a parameter Jackson cannot map answers as a parse error, an id that is not a
 * number or text or `params` that is a scalar make the servlet answer nothing.
 */
const VERSION = '2.0';
/** jsonrpc4j's `NULL` constant: the text "null" written as the id of envelope-level errors. */
const NULL_ID = 'null';

type Id = RawJson | string | null;

function response(jsonrpc: string, id: Id, body: { result: JsonOut } | { error: ErrorObject }): JsonOut {
  if ('result' in body) return { jsonrpc, id, result: body.result };
  const { code, message, data } = body.error;
  return { jsonrpc, id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

const parseError = (): JsonOut => response(VERSION, NULL_ID, { error: PROTOCOL_ERRORS.parse });

export class JsonRpcProtocol {
  constructor(
    private readonly methods: ReadonlyMap<string, MethodSpec>,
    private readonly context: MethodContext,
  ) {}

  /** The reply body for a request body: one JSON value and a newline, or nothing. */
  async handle(body: string): Promise<string> {
    let node: JsonNode;
    try {
      node = parseFirstJsonValue(body);
    } catch (error) {
      if (error instanceof JsonSyntaxError) return `${writeJson(parseError())}\n`;
      throw error;
    }
    let reply: JsonOut | undefined;
    try {
      reply = await this.handleNode(node);
    } catch (error) {
      if (error instanceof ParamMappingError) reply = parseError();
      else if (error instanceof RequestAbandoned) return '';
      else throw error;
    }
    return reply === undefined ? '' : `${writeJson(reply)}\n`;
  }

  /** A request, a batch, or anything else (invalid request); undefined = a notification that succeeded. */
  private async handleNode(node: JsonNode): Promise<JsonOut | undefined> {
    if (node.kind === 'array') {
      const replies: JsonOut[] = [];
      for (const item of node.items) {
        let reply: JsonOut | undefined;
        try {
          reply = await this.handleNode(item);
        } catch (error) {
          if (!(error instanceof ParamMappingError || error instanceof RequestAbandoned)) throw error;
          reply = parseError();
        }
        replies.push(reply ?? null);
      }
      return replies;
    }
    if (node.kind === 'object') return this.handleRequest(node.fields);
    return response(VERSION, NULL_ID, { error: PROTOCOL_ERRORS.invalidRequest });
  }

  private async handleRequest(fields: ReadonlyMap<string, JsonNode>): Promise<JsonOut | undefined> {
    const id = idOf(fields.get('id'));
    const version = fields.get('jsonrpc');
    const jsonrpc = version === undefined || version.kind === 'null' ? VERSION : textOf(version);
    const name = fields.get('method');
    if (name === undefined || name.kind === 'null')
      return response(jsonrpc, id, { error: PROTOCOL_ERRORS.methodNotFound });
    const method = this.methods.get(textOf(name));
    if (!method) return response(jsonrpc, id, { error: PROTOCOL_ERRORS.methodNotFound });
    const params = paramsOf(fields.get('params'), method.arity);
    if (params === undefined) return response(jsonrpc, id, { error: PROTOCOL_ERRORS.paramsInvalid });
    try {
      const result = await method.invoke(this.context, params);
      return id === null ? undefined : response(jsonrpc, id, { result });
    } catch (error) {
      if (error instanceof ParamMappingError) throw error;
      return response(jsonrpc, id, { error: resolveError(error, method.annotated) });
    }
  }
}

/** JsonNode.asText(): "" for containers. */
function textOf(node: JsonNode): string {
  return scalarText(node) ?? '';
}

/**
 * The parameters when they fit the method (exactly its count; `{}` only for a method without
 * parameters), undefined when they do not; scalar `params` abandon the request.
 */
function paramsOf(node: JsonNode | undefined, arity: number): readonly JsonNode[] | undefined {
  if (node === undefined || node.kind === 'null') return arity === 0 ? [] : undefined;
  if (node.kind === 'array') return node.items.length === arity ? node.items : undefined;
  if (node.kind === 'object') return arity === 0 && node.fields.size === 0 ? [] : undefined;
  throw new RequestAbandoned('Unknown params node type');
}

/** JsonRpcBasicServer.parseId, then written as Jackson writes an int, long, double or text. */
function idOf(node: JsonNode | undefined): Id {
  if (node === undefined || node.kind === 'null') return null;
  if (node.kind === 'string') return node.value;
  if (node.kind !== 'number') throw new RequestAbandoned('Unknown id type');
  if (!isIntegralLiteral(node.text)) return new RawJson(javaDouble(Number(node.text)));
  const value = BigInt(node.text);
  // An integer beyond a long is read with asInt(): its low 32 bits.
  return new RawJson((BigInt.asIntN(64, value) === value ? value : BigInt.asIntN(32, value)).toString());
}

/** Java's Double.toString. */
export function javaDouble(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? '"NaN"' : value > 0 ? '"Infinity"' : '"-Infinity"';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    const text = String(value);
    return text.includes('.') ? text : `${text}.0`;
  }
  const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}
