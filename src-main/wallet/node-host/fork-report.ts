import type { ForkReport } from '../../../src-core/ipc/channels/fork';

/**
 * The node's fork report (`/admin/fork`, open-fork.ts) as the app shows it: the fork point, the
 * upstream blocks the fetched state was read at, counts per kind, the number of requests (their
 * log stays in main) and the impersonated accounts.
 */
export function forkReportView(raw: Record<string, unknown>): ForkReport {
  const point = raw.forkPoint as { number: number; id: string; timestamp: number };
  const requests = raw.requests as { total: number } | undefined;
  return {
    upstream: String(raw.upstream),
    forkPoint: { number: point.number, id: point.id, timestamp: point.timestamp },
    readRange: (raw.readRange as ForkReport['readRange']) ?? null,
    fetched: { ...(raw.fetched as Record<string, number>) },
    requests: requests?.total ?? 0,
    impersonated: [...((raw.impersonated as string[] | undefined) ?? [])],
  };
}
