import { describe, expect, it } from 'vitest';
import { LedgerErrorCode } from '@core/errors';
import { LedgerDevice } from '@main/ledger/device';
import {
  HID_TRANSPORT_PACKAGE,
  ledgerSupport,
  openLedgerTransport,
  type HidModuleLoader,
} from '@main/ledger/hid-transport';
import { SoftwareLedger } from '../../fixtures/ledger/software-device';
import { ledgerRejection, MNEMONIC, PATH } from './helpers';

/** A module namespace shaped like the CommonJS build of the HID transport seen from ESM. */
function hidModule(transport: {
  list: () => Promise<string[]>;
  open: (path: string) => Promise<unknown>;
}): HidModuleLoader {
  const cls = Object.assign(function TransportNodeHidNoEvents() {}, transport);
  return async () => ({ default: { __esModule: true, default: cls } });
}

const missingPackage: HidModuleLoader = async () => {
  throw Object.assign(new Error(`Cannot find package '${HID_TRANSPORT_PACKAGE}'`), { code: 'ERR_MODULE_NOT_FOUND' });
};

describe('Ledger USB HID transport', () => {
  it('says Ledger support is unavailable, and why, when the optional package is not installed', async () => {
    const error = await ledgerRejection(openLedgerTransport(missingPackage), LedgerErrorCode.UNAVAILABLE);
    expect(error.message).toMatch(
      /^Ledger support is not available on this system: the optional package @ledgerhq\/hw-transport-node-hid-noevents is not installed/,
    );
    // The person reads this sentence: it says what is missing, never a developer's command.
    expect(error.message).toContain('node-hid, did not build for this system');
    expect(error.message).not.toMatch(/npm|apt-get/);
    expect(await ledgerSupport(missingPackage)).toEqual({ available: false, reason: error.details?.reason });
  });

  it('says it is unavailable when the native binding fails to load on first use', async () => {
    const load = hidModule({
      list: async () => {
        throw new Error('libudev.so.1: cannot open shared object file: No such file or directory');
      },
      open: async () => undefined,
    });
    const error = await ledgerRejection(openLedgerTransport(load), LedgerErrorCode.UNAVAILABLE);
    expect(error.message).toBe(
      'Ledger support is not available on this system: the USB HID module could not be loaded (libudev.so.1: cannot open shared object file: No such file or directory).',
    );
  });

  it('refuses a module without the transport class', async () => {
    const error = await ledgerRejection(
      openLedgerTransport(async () => ({ default: {} })),
      LedgerErrorCode.UNAVAILABLE,
    );
    expect(error.message).toContain('does not export the transport class');
  });

  it('reports no device when none is connected', async () => {
    const load = hidModule({ list: async () => [], open: async () => undefined });
    await ledgerRejection(openLedgerTransport(load), LedgerErrorCode.NOT_FOUND);
    expect(await ledgerSupport(load)).toEqual({ available: true });
  });

  it('explains a device that is found but cannot be opened', async () => {
    const load = hidModule({
      list: async () => ['/dev/hidraw3'],
      open: async () => {
        throw new Error('cannot open device with path /dev/hidraw3');
      },
    });
    const error = await ledgerRejection(openLedgerTransport(load), LedgerErrorCode.TRANSPORT_FAILED);
    expect(error.message).toMatch(
      /^A Ledger was found but could not be opened: cannot open device with path \/dev\/hidraw3\. .*udev rules/,
    );
  });

  it('opens the first device, ready for LedgerDevice', async () => {
    const ledger = new SoftwareLedger({ mnemonic: MNEMONIC });
    const opened: string[] = [];
    const load = hidModule({
      list: async () => ['/dev/hidraw1', '/dev/hidraw2'],
      open: async (path) => {
        opened.push(path);
        return ledger;
      },
    });
    const transport = await openLedgerTransport(load);
    expect(opened).toEqual(['/dev/hidraw1']);
    expect((await new LedgerDevice(transport).getAddress(PATH)).base58).toBe(ledger.addressAt(PATH).base58);
  });

  it('on this machine, with no Ledger attached, fails with a typed error whether or not node-hid is installed', async () => {
    const support = await ledgerSupport();
    const error = await ledgerRejection(
      openLedgerTransport(),
      support.available ? LedgerErrorCode.NOT_FOUND : LedgerErrorCode.UNAVAILABLE,
    );
    if (!support.available)
      expect(error.message).toBe(`Ledger support is not available on this system: ${support.reason}`);
  });
});
