import descriptor from './generated/descriptor.json';
import { google, protocol } from './runtime';

/**
 * Field metadata of every message in proto/, read from the descriptor generated next to the
 * static codec. The java-tron JSON codec walks it; the static code does the bytes.
 */
export type ScalarType =
  | 'double'
  | 'float'
  | 'int32'
  | 'uint32'
  | 'sint32'
  | 'fixed32'
  | 'sfixed32'
  | 'int64'
  | 'uint64'
  | 'sint64'
  | 'fixed64'
  | 'sfixed64'
  | 'bool'
  | 'string'
  | 'bytes';

const SCALARS = new Set<string>([
  'double',
  'float',
  'int32',
  'uint32',
  'sint32',
  'fixed32',
  'sfixed32',
  'int64',
  'uint64',
  'sint64',
  'fixed64',
  'sfixed64',
  'bool',
  'string',
  'bytes',
]);
export const INT64_TYPES = new Set<string>(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

export interface FieldInfo {
  readonly name: string;
  readonly id: number;
  readonly repeated: boolean;
  /** Scalar type name, or the resolved full name of a message or enum. */
  readonly type: string;
  readonly kind: 'scalar' | 'enum' | 'message';
  /** For map fields: the key's scalar type. The value is described by type/kind. */
  readonly mapKeyType?: ScalarType;
}

export interface MessageInfo {
  readonly kind: 'message';
  readonly fullName: string;
  /** Short name, e.g. `TransferContract`. */
  readonly name: string;
  readonly fields: readonly FieldInfo[];
  readonly fieldsByName: ReadonlyMap<string, FieldInfo>;
}

export interface EnumInfo {
  readonly kind: 'enum';
  readonly fullName: string;
  readonly valuesByName: ReadonlyMap<string, number>;
  readonly namesByValue: ReadonlyMap<number, string>;
}

interface RawNode {
  fields?: Record<string, { type: string; id: number; rule?: string; keyType?: string }>;
  values?: Record<string, number>;
  nested?: Record<string, RawNode>;
}

const rawByName = new Map<string, RawNode>();
(function index(nested: Record<string, RawNode> | undefined, prefix: string) {
  if (!nested) return;
  for (const [name, node] of Object.entries(nested)) {
    const fullName = prefix ? `${prefix}.${name}` : name;
    rawByName.set(fullName, node);
    index(node.nested, fullName);
  }
})((descriptor as RawNode).nested, '');

const messages = new Map<string, MessageInfo>();
const enums = new Map<string, EnumInfo>();

/** Protobuf name resolution: innermost enclosing scope first, then outwards. */
function resolveTypeName(reference: string, scope: string): string {
  const parts = scope.split('.');
  for (let i = parts.length; i >= 0; i--) {
    const candidate = [...parts.slice(0, i), reference].filter(Boolean).join('.');
    if (rawByName.has(candidate)) return candidate;
  }
  throw new Error(`proto schema: cannot resolve type ${reference} from ${scope}`);
}

export function getMessageInfo(fullName: string): MessageInfo {
  const cached = messages.get(fullName);
  if (cached) return cached;
  const node = rawByName.get(fullName);
  if (!node?.fields) throw new Error(`proto schema: ${fullName} is not a message`);
  const fields: FieldInfo[] = Object.entries(node.fields)
    .map(([name, f]) => {
      if (SCALARS.has(f.type)) {
        return {
          name,
          id: f.id,
          repeated: f.rule === 'repeated',
          type: f.type,
          kind: 'scalar' as const,
          ...(f.keyType ? { mapKeyType: f.keyType as ScalarType } : {}),
        };
      }
      const type = resolveTypeName(f.type, fullName);
      const kind = rawByName.get(type)?.values ? ('enum' as const) : ('message' as const);
      return {
        name,
        id: f.id,
        repeated: f.rule === 'repeated',
        type,
        kind,
        ...(f.keyType ? { mapKeyType: f.keyType as ScalarType } : {}),
      };
    })
    .sort((a, b) => a.id - b.id);
  const info: MessageInfo = {
    kind: 'message',
    fullName,
    name: fullName.slice(fullName.lastIndexOf('.') + 1),
    fields,
    fieldsByName: new Map(fields.map((f) => [f.name, f])),
  };
  messages.set(fullName, info);
  return info;
}

export function getEnumInfo(fullName: string): EnumInfo {
  const cached = enums.get(fullName);
  if (cached) return cached;
  const node = rawByName.get(fullName);
  if (!node?.values) throw new Error(`proto schema: ${fullName} is not an enum`);
  const info: EnumInfo = {
    kind: 'enum',
    fullName,
    valuesByName: new Map(Object.entries(node.values)),
    namesByValue: new Map(Object.entries(node.values).map(([k, v]) => [v, k])),
  };
  enums.set(fullName, info);
  return info;
}

/** Every message of the schema by full name (map entries are not messages of their own here). */
export function messageNames(): string[] {
  return [...rawByName].filter(([, node]) => node.fields !== undefined).map(([name]) => name);
}

export function hasMessage(fullName: string): boolean {
  return rawByName.get(fullName)?.fields !== undefined;
}

export interface MessageCodec {
  encode(message: object): { finish(): Uint8Array };
  decode(bytes: Uint8Array): Record<string, unknown>;
}

const codecs = new Map<string, MessageCodec>();

/** The generated static encoder/decoder for a message, e.g. `protocol.TransferContract`. */
export function getCodec(fullName: string): MessageCodec {
  const cached = codecs.get(fullName);
  if (cached) return cached;
  let node: unknown = { protocol, google };
  for (const part of fullName.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const codec = node as MessageCodec | undefined;
  if (!codec || typeof codec.encode !== 'function') throw new Error(`proto schema: no codec for ${fullName}`);
  codecs.set(fullName, codec);
  return codec;
}
