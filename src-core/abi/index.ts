// The Solidity ABI for TRON: types, encoding, decoding, signatures, fragments, events, reverts.
export type {
  AbiType,
  AbiParameter,
  UintType,
  IntType,
  AddressType,
  BoolType,
  FixedBytesType,
  BytesType,
  StringType,
  ArrayType,
  TupleType,
} from './types';
export {
  uintType,
  intType,
  fixedBytesType,
  trcTokenType,
  addressType,
  boolType,
  bytesType,
  stringType,
  arrayType,
  tupleType,
  parametersTuple,
} from './types';
export { parseType, toParameterTuple, type AbiTypeList } from './syntax';
export type { AbiValue, AbiNamedValue, AbiInput } from './values';
export { encodeParams, encodeValue } from './encode';
export { decodeParams, decodeValue, normalizeAbiData } from './decode';
export { toNamedValue, toNamedObject, decodeParamsNamed } from './named';
export {
  parseSignature,
  canonicalSignature,
  functionSelector,
  eventTopic,
  keccak256Hex,
  type ParsedSignature,
  type SignatureKind,
  type StateMutability,
} from './signature';
export {
  parseAbi,
  parseAbiEntry,
  fragmentFromSignature,
  formatSignature,
  findFunction,
  findEvent,
  findError,
  functionFragment,
  eventFragment,
  errorFragment,
  constructorFragment,
  type Abi,
  type AbiFragment,
  type FunctionFragment,
  type EventFragment,
  type ErrorFragment,
  type ConstructorFragment,
  type FallbackFragment,
} from './fragments';
export {
  encodeFunctionData,
  decodeFunctionData,
  decodeFunctionResult,
  encodeDeployData,
  splitCallData,
  toFunctionFragment,
  type FunctionLike,
} from './calldata';
export {
  decodeEventLog,
  decodeLog,
  encodeEventTopics,
  type EventLog,
  type EventValue,
  type IndexedHash,
  type DecodedEvent,
} from './logs';
export { decodeRevertData, describePanic, ERROR_STRING_SELECTOR, PANIC_SELECTOR, type RevertReason } from './revert';
