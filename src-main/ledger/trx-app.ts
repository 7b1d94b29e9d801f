import { createRequire } from 'node:module';
import type Trx from '@ledgerhq/hw-app-trx';

// The ESM builds (lib-es) of the @ledgerhq packages import their own files without file
// extensions, which Node's ESM loader refuses; their CommonJS builds load in Node, Electron's main
// process and vitest alike. Not named `require`: electron-vite declares that at the top of the
// bundled main module, and a second declaration is a syntax error.
const requireCommonJs = createRequire(import.meta.url);

export type TrxApp = Trx;
export type TrxAppClass = typeof Trx;

/** hw-app-trx's client class, loaded from its CommonJS build. */
export function trxAppClass(): TrxAppClass {
  return (requireCommonJs('@ledgerhq/hw-app-trx') as { default: TrxAppClass }).default;
}
