import type Transport from '@ledgerhq/hw-transport';
import { LedgerError, LedgerErrorCode } from '../../src-core/errors';
import { toLedgerError } from './transport-errors';

/**
 * USB HID access to a Ledger, main process only. The package is an optional dependency: its
 * native part (node-hid) builds from source where no prebuilt binary can be downloaded, which
 * needs libusb-1.0-0-dev and libudev-dev on Linux. Where it did not install or cannot load, the
 * rest of the wallet works and Ledger requests fail with `LEDGER_UNAVAILABLE` saying why.
 */
export const HID_TRANSPORT_PACKAGE = '@ledgerhq/hw-transport-node-hid-noevents';
// The CommonJS build: the package's ESM build imports its own files without extensions, which
// Node's ESM loader refuses. A variable specifier keeps bundlers from resolving the optional package.
const HID_TRANSPORT_MODULE = `${HID_TRANSPORT_PACKAGE}/lib/TransportNodeHid`;

/** What the app needs of the HID transport class. */
export interface HidTransportClass {
  list(): Promise<string[]>;
  open(path: string): Promise<Transport>;
}

/** Loads the module namespace of the HID transport; tests inject their own. */
export type HidModuleLoader = () => Promise<unknown>;

export const loadHidTransportModule: HidModuleLoader = () => import(/* @vite-ignore */ HID_TRANSPORT_MODULE);

export type LedgerSupport = { readonly available: true } | { readonly available: false; readonly reason: string };

function unavailable(reason: string): LedgerError {
  return new LedgerError(LedgerErrorCode.UNAVAILABLE, `Ledger support is not available on this system: ${reason}`, {
    reason,
  });
}

function isModuleMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (
    code === 'ERR_MODULE_NOT_FOUND' ||
    code === 'MODULE_NOT_FOUND' ||
    /cannot find (module|package)|failed to load url/i.test(message)
  );
}

function reasonOf(error: unknown): string {
  if (isModuleMissing(error)) {
    return `the optional package ${HID_TRANSPORT_PACKAGE} is not installed (its native part, node-hid, did not build for this system).`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `the USB HID module could not be loaded (${message}).`;
}

/** A CommonJS module's class arrives as `default` or, with its `__esModule` flag, `default.default`. */
function transportClassOf(namespace: unknown): HidTransportClass | undefined {
  const candidates = [
    (namespace as { default?: { default?: unknown } })?.default?.default,
    (namespace as { default?: unknown })?.default,
  ];
  return candidates.find(
    (candidate): candidate is HidTransportClass =>
      typeof candidate === 'function' &&
      typeof (candidate as unknown as HidTransportClass).list === 'function' &&
      typeof (candidate as unknown as HidTransportClass).open === 'function',
  );
}

async function hidTransportClass(load: HidModuleLoader): Promise<HidTransportClass> {
  let namespace: unknown;
  try {
    namespace = await load();
  } catch (error) {
    throw unavailable(reasonOf(error));
  }
  const cls = transportClassOf(namespace);
  if (!cls) throw unavailable(`${HID_TRANSPORT_PACKAGE} does not export the transport class this wallet expects.`);
  return cls;
}

/** Lists the paths of connected Ledgers; the native binding loads (or fails) here. */
async function devicePaths(cls: HidTransportClass): Promise<string[]> {
  try {
    return await cls.list();
  } catch (error) {
    throw unavailable(reasonOf(error));
  }
}

/** Whether USB HID works here, without opening a device; for showing or hiding Ledger options. */
export async function ledgerSupport(load: HidModuleLoader = loadHidTransportModule): Promise<LedgerSupport> {
  try {
    await devicePaths(await hidTransportClass(load));
    return { available: true };
  } catch (error) {
    if (error instanceof LedgerError)
      return { available: false, reason: String(error.details?.reason ?? error.message) };
    throw error;
  }
}

/**
 * Opens the first connected Ledger. The caller closes the transport when done
 * (`await transport.close()`); wrap it in a `LedgerDevice` to talk to the Tron app.
 */
export async function openLedgerTransport(load: HidModuleLoader = loadHidTransportModule): Promise<Transport> {
  const cls = await hidTransportClass(load);
  const [first] = await devicePaths(cls);
  if (first === undefined) {
    throw new LedgerError(
      LedgerErrorCode.NOT_FOUND,
      'No Ledger was found. Connect it by USB, unlock it and open the Tron app.',
    );
  }
  try {
    return await cls.open(first);
  } catch (error) {
    const opened = toLedgerError(error, 'connect');
    if (opened.code !== LedgerErrorCode.TRANSPORT_FAILED) throw opened;
    throw new LedgerError(
      LedgerErrorCode.TRANSPORT_FAILED,
      `A Ledger was found but could not be opened: ${String(opened.details?.reason)}. Close other apps using it (Ledger Live); on Linux, install Ledger's udev rules so this user may open it.`,
      { reason: opened.details?.reason },
    );
  }
}
