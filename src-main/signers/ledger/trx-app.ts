import { createRequire } from 'node:module';
import type Trx from '@ledgerhq/hw-app-trx';

// The ESM builds (lib-es) of the @ledgerhq packages import their own files without file
// extensions, which Node's ESM loader refuses; their CommonJS builds load in Node, Electron's main
// process and vitest alike.
const require = createRequire(import.meta.url);

export type TrxApp = Trx;
export type TrxAppClass = typeof Trx;

/** hw-app-trx's client class, loaded from its CommonJS build. */
export function trxAppClass(): TrxAppClass {
  return (require('@ledgerhq/hw-app-trx') as { default: TrxAppClass }).default;
}
