// The core runs in Node, Electron main and the browser. These globals exist in all three;
// they are declared here because the core compiles without DOM or node type libraries.
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array): string;
}
