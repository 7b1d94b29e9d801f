/**
 * JSON for the harness socket. Electron IPC uses structured clone, which keeps bigint and byte
 * arrays; plain JSON would turn them into errors or objects, so both are tagged here. Imported by
 * the Node side and bundled into the browser script, so it must stay dependency-free.
 */
const TAG = '__wire';

export function encodeWire(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'bigint') return { [TAG]: 'bigint', value: item.toString() };
    if (item instanceof Uint8Array) return { [TAG]: 'bytes', value: Array.from(item) };
    return item;
  });
}

export function decodeWire(text: string): unknown {
  return JSON.parse(text, (_key, item: unknown) => {
    if (typeof item === 'object' && item !== null && TAG in item) {
      const tagged = item as { [TAG]: string; value: unknown };
      if (tagged[TAG] === 'bigint' && typeof tagged.value === 'string') return BigInt(tagged.value);
      if (tagged[TAG] === 'bytes' && Array.isArray(tagged.value)) return Uint8Array.from(tagged.value as number[]);
    }
    return item;
  });
}

/** Browser → Node. `frame` is what Electron would report as the sender frame. */
export interface CallMessage {
  readonly type: 'call';
  readonly id: number;
  readonly channel: string;
  readonly args: unknown;
  readonly frame: { readonly url: string; readonly top: boolean };
}

/** Node → browser. */
export type ServerMessage =
  | { readonly type: 'result'; readonly id: number; readonly result: unknown }
  | { readonly type: 'event'; readonly event: string; readonly payload: unknown };
