import { WalletError } from '../../src-core/errors';
import type { IssueSummary } from '../../src-core/ipc/validation';

/** What the error display needs from any thrown value. */
export interface ErrorView {
  readonly name: string;
  readonly code: string;
  readonly title: string;
  readonly message: string;
  readonly issues: readonly IssueSummary[];
}

const TITLES: Readonly<Record<string, string>> = {
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
};

function isIssueList(value: unknown): value is IssueSummary[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' && item !== null && typeof item.path === 'string' && typeof item.message === 'string',
    )
  );
}

export function toErrorView(error: unknown): ErrorView {
  if (error instanceof WalletError) {
    const issues = isIssueList(error.details?.issues) ? error.details.issues : [];
    return {
      name: error.name,
      code: error.code,
      title: TITLES[error.name] ?? 'Something went wrong',
      message: error.message,
      issues,
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
