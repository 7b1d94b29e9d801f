import type { Hex } from '../brand';
import { decodeFunctionData, parseAbi, type Abi } from '../abi';
import type { CallDecoder, DecodedCall } from './call-decoder';

/**
 * The default call decoder: finds the function of the envelope's ABI whose selector starts the
 * call data and decodes the arguments with src-core/abi. No ABI, or no matching function, means
 * no decoded view (the summary still shows the selector and raw data).
 */
const parsedAbis = new WeakMap<object, Abi>();

function abiOf(abi: unknown): Abi {
  if (abi !== null && typeof abi === 'object') {
    const cached = parsedAbis.get(abi);
    if (cached) return cached;
    const parsed = parseAbi(abi);
    parsedAbis.set(abi, parsed);
    return parsed;
  }
  return parseAbi(abi);
}

export const abiCallDecoder: CallDecoder = ({ data, abi }): DecodedCall | undefined => {
  if (abi === undefined || data.length < 8) return undefined;
  const selector = data.slice(0, 8).toLowerCase() as Hex;
  const fn = abiOf(abi).functions.find((f) => f.selector === selector);
  if (!fn) return undefined;
  const values = decodeFunctionData(fn, data);
  return {
    signature: fn.signature,
    args: fn.inputs.map((p, i) => ({ name: p.name, type: p.type.canonical, value: values[i] })),
  };
};
