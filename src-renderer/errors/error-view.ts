import { NodeApiError, WalletError } from '../../src-core/errors';
import type { IssueSummary } from '../../src-core/ipc/validation';
import { explainNodeRefusal } from '../../src-core/tx/node-refusal';

/**
 * What the error display needs from any thrown value. `title`, `message` and `issues` are what a
 * person reads: words only. `name` (the error class) and `code` go to the notice's details line.
 */
export interface ErrorView {
  readonly name: string;
  readonly code: string;
  readonly title: string;
  readonly message: string;
  readonly issues: readonly IssueSummary[];
  /** The underlying reason main recorded (`details.cause`), for the details line. */
  readonly reason?: string;
}

/** The title of a notice by error class; every class main or src-core throws has one. */
export const ERROR_TITLES: Readonly<Record<string, string>> = {
  ValidationError: 'Please check the input',
  AddressError: 'Address problem',
  AmountError: 'Amount problem',
  NetworkError: 'The node could not be reached',
  NodeApiError: 'The node refused the request',
  BroadcastError: 'The node refused the transaction',
  ContractCallError: 'The contract call failed',
  SignatureCheckError: 'The signatures could not be checked',
  IpcError: 'The app could not complete the request',
  KeyError: 'Key problem',
  PermissionError: 'Permission problem',
  TransactionError: 'Transaction problem',
  EnvelopeError: 'Co-signing file problem',
  VaultError: 'The vault could not do that',
  ConsentError: 'Nothing was signed',
  StoreError: 'A saved file has a problem',
  NodeHostError: 'The node could not do that',
  EncodingError: 'The data could not be read',
  AbiError: 'The contract call could not be encoded or read',
  FeeError: 'The cost could not be worked out',
  CsvError: 'The file could not be read',
  LedgerError: 'The Ledger could not do that',
  WatchError: 'The watchtower could not do that',
  ForkError: 'The fork could not do that',
  VmValidationError: 'The node refused the contract',
  VmStateError: 'The embedded node hit an internal problem',
  VmEnergyError: 'The energy cost could not be worked out',
  PayoutError: 'The payout run could not go on',
  PolicyError: 'The treasury policy could not be used',
  AuditError: 'The audit trail could not be read',
  ControlError: 'The proof of control could not be used',
};
const TITLES = ERROR_TITLES;

/** Titles that say more than the class's for one code: a policy breach is a refusal, not a failure. */
export const CODE_TITLES: Readonly<Record<string, string>> = {
  POLICY_BREACH: 'The treasury policy blocks this signature',
};

/**
 * An error class name ("VaultError"), an error code ("VAULT_WRONG_PASSWORD") or an IPC channel
 * ("addressBook:save").
 */
export const CLASS_NAME = /\b[A-Z][A-Za-z]*Error\b/;
export const ERROR_CODE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/;
export const CHANNEL = /\b[a-z][A-Za-z]*:[a-z][A-Za-z]*\b/;

const REFUSED_REQUEST = /^The request to [a-z][A-Za-z]*:[a-z][A-Za-z]* was refused\b/;

/**
 * The sentence a person reads: a refused IPC request becomes "What was entered was not
 * accepted" (its issues list each field), and any class name, code or channel name a message
 * carries is left out — the details line has them.
 */
export function peopleMessage(message: string, issues: readonly IssueSummary[]): string {
  if (REFUSED_REQUEST.test(message)) {
    return issues.length > 0
      ? 'What was entered was not accepted. Correct the fields listed below and try again.'
      : 'What was entered was not accepted. Check the form and try again.';
  }
  const cleaned = message
    .replace(/\s*\((?:[A-Z][A-Za-z]*Error|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\)/g, '')
    .replace(new RegExp(`${CLASS_NAME.source}(?:\\s*·\\s*)?`, 'g'), '')
    .replace(new RegExp(`\\s*${ERROR_CODE.source}:?`, 'g'), '')
    .replace(new RegExp(CHANNEL.source, 'g'), 'the request')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return cleaned || 'The request could not be completed.';
}

function isIssueList(value: unknown): value is IssueSummary[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' && item !== null && typeof item.path === 'string' && typeof item.message === 'string',
    )
  );
}

/** java-tron's refusal text a node error carries (`details.nodeMessage`), else its message. */
function nodeWords(error: WalletError): string {
  const nodeMessage = error.details?.nodeMessage;
  return typeof nodeMessage === 'string' && nodeMessage !== '' ? nodeMessage : error.message;
}

export function toErrorView(error: unknown): ErrorView {
  // A refusal java-tron worded (balance, activation, stake, revert): the app's sentence, the node's words as the reason.
  const explained = error instanceof NodeApiError ? explainNodeRefusal(nodeWords(error)) : null;
  if (error instanceof WalletError && explained) {
    return {
      name: error.name,
      code: error.code,
      title: CODE_TITLES[error.code] ?? TITLES[error.name] ?? 'Something went wrong',
      message: explained.sentence,
      issues: [],
      ...(explained.detail !== null ? { reason: explained.detail } : {}),
    };
  }
  if (error instanceof WalletError) {
    const issues = isIssueList(error.details?.issues) ? error.details.issues : [];
    return {
      name: error.name,
      code: error.code,
      title: CODE_TITLES[error.code] ?? TITLES[error.name] ?? 'Something went wrong',
      message: peopleMessage(error.message, issues),
      issues: issues.map((issue) => ({ path: issue.path, message: peopleMessage(issue.message, []) })),
      ...(typeof error.details?.cause === 'string' && error.details.cause !== ''
        ? { reason: error.details.cause }
        : {}),
    };
  }
  // Not a typed error: a bug in the window itself. Say so plainly instead of guessing.
  const detail = error instanceof Error ? error.message : String(error);
  return {
    name: error instanceof Error ? error.name : 'Error',
    code: 'UNEXPECTED',
    title: 'Something went wrong in this window',
    message: detail ? `Unexpected error: ${detail}` : 'Unexpected error.',
    issues: [],
  };
}

/**
 * The fields an error names, each with its problem in words, so a form can mark the field at
 * fault: every field of a refused request (`issues`), and the one `details.field` names.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof WalletError)) return {};
  const view = toErrorView(error);
  const out: Record<string, string> = {};
  for (const issue of view.issues) if (issue.path && !(issue.path in out)) out[issue.path] = issue.message;
  const field = error.details?.field;
  if (typeof field === 'string' && field !== '' && !(field in out)) out[field] = view.message;
  return out;
}
