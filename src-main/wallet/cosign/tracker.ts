import type { TransactionTracker } from '../transactions/transaction-tracker';

/**
 * What the inbox, the follower and the expiry watch use of the transaction tracker: broadcast and
 * follow, and the history. Declared apart so the follower and the inbox views need not import each other.
 */
export type CosignTracker = Pick<TransactionTracker, 'broadcast' | 'record' | 'historyEntry'>;
