import { LedgerError, LedgerErrorCode } from '../../src-core/errors';

/**
 * Status words of the Tron app, as defined in app-tron `src/app_errors.h` and documented in its
 * `docs/APDU.md` ("App specific status words"); where each is sent is noted per entry.
 */
export const TronAppStatus = {
  OK: 0x9000,
  /** A message chunk longer than announced, a sign-by-hash payload that is not 32 bytes. */
  INCORRECT_LENGTH: 0x6700,
  /** Key derivation failed (`initPublicKeyContext`); older firmware also answered it while locked. */
  SECURITY_STATUS_NOT_SATISFIED: 0x6982,
  /** The person refused on the screen (`ui_callback_tx_cancel`). */
  CONDITIONS_OF_USE_NOT_SATISFIED: 0x6985,
  /** The transaction could not be parsed or its contract type is not one the app handles (`handleSign`). */
  INCORRECT_DATA: 0x6a80,
  /** The APDU's length byte does not match its data (`app_main`). */
  WRONG_DATA_LENGTH: 0x6a87,
  INCORRECT_BIP32_PATH: 0x6a8a,
  /** A transaction with `raw_data.data` while "Transactions data" is off (`processTx`). */
  MISSING_SETTING_DATA_ALLOWED: 0x6a8b,
  /** Sign by hash, AccountPermissionUpdate or a contract without its own screen while "Sign by Hash" is off. */
  MISSING_SETTING_SIGN_BY_HASH: 0x6a8c,
  /** A contract call other than a known token's transfer/approve while "Custom contracts" is off. */
  MISSING_SETTING_CUSTOM_CONTRACT: 0x6a8d,
  /** Only sent while the app runs under Ledger's swap flow. */
  SWAP_CHECKING_FAIL: 0x6a8e,
  INCORRECT_P1_P2: 0x6b00,
  /** An instruction the Tron app does not have (`apdu_dispatcher`): another app is in front. */
  INS_NOT_SUPPORTED: 0x6d00,
  /** A class byte other than 0xE0 (`apdu_dispatcher`): another app is in front. */
  CLA_NOT_SUPPORTED: 0x6e00,
} as const;

/**
 * Words the device's OS (not the Tron app) answers. 0x5515 is `StatusCodes.LOCKED_DEVICE` in
 * @ledgerhq/errors and @ledgerhq/hw-transport (which throws `LockedDeviceError` for it) and
 * "Device is locked." in Ledger's device-sdk-ts `GLOBAL_ERRORS`, which also lists 0x5501 "Action
 * refused on device" and 0x6901 "Device is busy, its own interface is in the foreground". 0x6e01 is
 * `CLA_NOT_SUPPORTED_BOOTLOADER` in @ledgerhq/errors, the answer of the dashboard when no app is
 * open. 0x6b0c (locked) and 0x6511 (no app open) appear in no Ledger source: wallets report them
 * from older Nano firmware (MetaMask metamask-extension#17606), so they are read the same way.
 */
export const DeviceStatus = {
  LOCKED_DEVICE: 0x5515,
  LOCKED_DEVICE_OLD_FIRMWARE: 0x6b0c,
  USER_REFUSED_ON_DEVICE: 0x5501,
  DEVICE_INTERFACE_IN_FOREGROUND: 0x6901,
  NO_APP_OPEN: 0x6e01,
  NO_APP_OPEN_OLD_FIRMWARE: 0x6511,
} as const;

/**
 * The Tron app's settings by the names its settings screen shows (app-tron
 * `src/ui/ui_idle_menu_nbgl.c` and `ui_idle_menu_bagl.c`).
 */
export const TronAppSetting = {
  transactionsData: 'Transactions data',
  customContracts: 'Custom contracts',
  signByHash: 'Sign by Hash',
} as const;
export type TronAppSetting = (typeof TronAppSetting)[keyof typeof TronAppSetting];

/** What the wallet was asking the device to do; it picks the words of the error sentence. */
export const LedgerOperation = {
  address: 'address',
  transaction: 'transaction',
  hash: 'hash',
  message: 'message',
  configuration: 'configuration',
  connect: 'connect',
} as const;
export type LedgerOperation = (typeof LedgerOperation)[keyof typeof LedgerOperation];

const SUBJECT: Readonly<Record<LedgerOperation, string>> = {
  address: 'The address',
  transaction: 'The transaction',
  hash: 'The transaction hash',
  message: 'The message',
  configuration: 'The request',
  connect: 'The connection',
};

const NOTHING_SIGNED = 'Nothing was signed.';

const SIGNING: ReadonlySet<LedgerOperation> = new Set<LedgerOperation>(['transaction', 'hash', 'message']);

/** Whether the request would have produced a signature. */
export function isSigningOperation(operation: LedgerOperation): boolean {
  return SIGNING.has(operation);
}

/** The closing words for requests that would have produced a signature. */
function nothingSigned(operation: LedgerOperation): string {
  return isSigningOperation(operation) ? ` ${NOTHING_SIGNED}` : '';
}

export function statusWordHex(statusWord: number): string {
  return `0x${statusWord.toString(16).padStart(4, '0')}`;
}

function nameOf(statusWord: number): string | undefined {
  const all: Record<string, number> = { ...TronAppStatus, ...DeviceStatus };
  return Object.keys(all).find((key) => all[key] === statusWord);
}

function settingRequired(setting: TronAppSetting, why: string, statusWord: number): LedgerError {
  return new LedgerError(
    LedgerErrorCode.SETTING_REQUIRED,
    `${why} Enable "${setting}" in the Tron app's settings on the Ledger, then try again. ${NOTHING_SIGNED}`,
    { setting, statusWord: statusWordHex(statusWord) },
  );
}

/** The typed error for a status word other than 0x9000, worded for what was being asked. */
export function errorForStatusWord(statusWord: number, operation: LedgerOperation): LedgerError {
  const details = { statusWord: statusWordHex(statusWord), operation };
  switch (statusWord) {
    case DeviceStatus.LOCKED_DEVICE:
    case DeviceStatus.LOCKED_DEVICE_OLD_FIRMWARE:
    case TronAppStatus.SECURITY_STATUS_NOT_SATISFIED:
      return new LedgerError(
        LedgerErrorCode.LOCKED,
        `The Ledger is locked. Unlock it with your PIN, open the Tron app and try again.${nothingSigned(operation)}`,
        details,
      );
    case TronAppStatus.CLA_NOT_SUPPORTED:
    case TronAppStatus.INS_NOT_SUPPORTED:
    case DeviceStatus.NO_APP_OPEN:
    case DeviceStatus.NO_APP_OPEN_OLD_FIRMWARE:
      return new LedgerError(
        LedgerErrorCode.WRONG_APP,
        `The Tron app is not open on the Ledger (the dashboard or another app answered). Open the Tron app on the device and try again.${nothingSigned(operation)}`,
        details,
      );
    case TronAppStatus.CONDITIONS_OF_USE_NOT_SATISFIED:
    case DeviceStatus.USER_REFUSED_ON_DEVICE:
      return new LedgerError(
        LedgerErrorCode.DECLINED,
        operation === 'address'
          ? 'The address was rejected on the Ledger.'
          : `${SUBJECT[operation]} was declined on the Ledger.${nothingSigned(operation)}`,
        details,
      );
    case DeviceStatus.DEVICE_INTERFACE_IN_FOREGROUND:
      return new LedgerError(
        LedgerErrorCode.BUSY,
        "The Ledger is showing its own menus. Return to the Tron app's home screen and try again.",
        details,
      );
    case TronAppStatus.MISSING_SETTING_DATA_ALLOWED:
      return settingRequired(
        TronAppSetting.transactionsData,
        'This transaction carries a memo (extra data), which the Tron app refuses by default.',
        statusWord,
      );
    case TronAppStatus.MISSING_SETTING_CUSTOM_CONTRACT:
      return settingRequired(
        TronAppSetting.customContracts,
        'This smart-contract call is not a transfer or approval of a token the Tron app knows.',
        statusWord,
      );
    case TronAppStatus.MISSING_SETTING_SIGN_BY_HASH:
      return settingRequired(
        TronAppSetting.signByHash,
        operation === 'hash'
          ? 'Signing a transaction by its hash alone (blind signing) is off in the Tron app.'
          : 'The Tron app can only show this kind of transaction as a hash (blind signing).',
        statusWord,
      );
    case TronAppStatus.INCORRECT_DATA:
      if (operation === 'transaction') {
        return new LedgerError(
          LedgerErrorCode.TRANSACTION_REJECTED,
          `The Tron app could not read this transaction: its contract type is not one the app signs, or the bytes are malformed. Update the Tron app if it is old. ${NOTHING_SIGNED}`,
          details,
        );
      }
      break;
    case TronAppStatus.INCORRECT_BIP32_PATH:
      return new LedgerError(LedgerErrorCode.INVALID_REQUEST, 'The Tron app refused the derivation path.', details);
  }
  const name = nameOf(statusWord);
  return new LedgerError(
    LedgerErrorCode.UNKNOWN_STATUS,
    `The Ledger answered with status ${statusWordHex(statusWord)}${name ? ` (${name})` : ''}, which this wallet cannot act on. Check that the Tron app is open and up to date, then try again.`,
    details,
  );
}
