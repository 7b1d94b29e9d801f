import type { Envelope } from '../../../src-core/envelope';
import type { CheckView } from '../../../src-core/ipc/channels/cosign';
import type { SimulationView } from '../../../src-core/ipc/channels/tx';
import type { AuditStep } from '../chain-knowledge/audit-sink';

const TEXT_LIMIT = 4096;
const ASSET_LIMIT = 64;

/**
 * This desk's checks of an envelope against its own node (verify.ts) and its simulation
 * (simulate-envelope.ts) as one `checks` audit entry: each check passed unless it failed, its
 * outcome and words kept as the detail; the simulation's result, energy and balance changes.
 */
export function checksStep(envelope: Envelope, checks: readonly CheckView[], simulation: SimulationView): AuditStep {
  return {
    account: envelope.summary.owner,
    txId: envelope.transaction.txID,
    body: {
      kind: 'checks',
      checks: checks.map((c) => ({
        name: c.id,
        ok: c.outcome !== 'failed',
        detail: `${c.outcome}: ${c.message}`.slice(0, TEXT_LIMIT),
      })),
      simulation: {
        ok: simulation.success,
        result: `${simulation.method}: ${simulation.result}${simulation.reason ? ` (${simulation.reason})` : ''}`.slice(
          0,
          TEXT_LIMIT,
        ),
        ...(simulation.energyUsed !== null ? { energyUsed: simulation.energyUsed } : {}),
        balanceChanges: simulation.balanceChanges.map((c) => ({
          address: c.address,
          asset: c.asset.slice(0, ASSET_LIMIT),
          delta: c.delta,
        })),
      },
    },
  };
}
