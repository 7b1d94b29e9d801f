import type Transport from '@ledgerhq/hw-transport';
import { LedgerDevice } from '../../ledger/device';
import { ledgerSupport, openLedgerTransport, type LedgerSupport } from '../../ledger/hid-transport';

/**
 * Opens a transport to the Ledger. The app uses USB HID (`openLedgerTransport`); tests and the
 * end-to-end harness pass a factory of the software device through `createWalletServices`.
 * Nothing here is reachable from the renderer: it is a constructor option of main's services.
 */
export interface LedgerTransports {
  open(): Promise<Transport>;
  /** Whether Ledger requests can work on this system, and why not (node-hid missing or broken). */
  support(): Promise<LedgerSupport>;
}

export const usbLedgerTransports: LedgerTransports = {
  open: () => openLedgerTransport(),
  support: () => ledgerSupport(),
};

/** Runs `job` with the Ledger open and closes the transport afterwards, whatever happened. */
export async function withLedger<T>(
  transports: LedgerTransports,
  job: (device: LedgerDevice, transport: Transport) => Promise<T>,
): Promise<T> {
  const transport = await transports.open();
  try {
    return await job(new LedgerDevice(transport), transport);
  } finally {
    await transport.close().catch(() => undefined);
  }
}

/** The device's product name as hw-transport knows it ("Ledger Nano X"), when it says. */
export function deviceModelOf(transport: Transport): string | undefined {
  const name = transport.deviceModel?.productName;
  return typeof name === 'string' && name.length > 0 ? name.slice(0, 100) : undefined;
}
