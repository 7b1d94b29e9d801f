import type { HexAddress } from '../../../src-core/brand';
import type { StateView } from '../state/view';
import type { VmTransactionResult } from '../vm/requests';
import { consumeStakedEnergy, payEnergyBill } from '../resources/energy';
import { headSlotOf } from '../resources/account-usage';

/**
 * The energy bill of a VM transaction (java-tron TransactionTrace.pay → ReceiptCapsule.payEnergyBill),
 * through the node's energy processor: the origin's share from its stake only, the caller's part
 * from stake first and the rest burned from its balance. The stake left is the one measured before
 * the run, as java-tron does; the VM's bill (the receipt) is computed from the same figures.
 */
export function payVmEnergy(view: StateView, result: VmTransactionResult, owner: HexAddress): void {
  const clock = { nowSlot: headSlotOf(view.props), headTimestamp: view.props.headTimestamp };
  const { bill, limit } = result;
  if (bill.originEnergyUsage > 0n && limit.origin !== undefined)
    consumeStakedEnergy(view, limit.origin, bill.originEnergyUsage, { available: limit.originEnergyLeft, clock });
  const callerPart = bill.energyUsageTotal - bill.originEnergyUsage;
  if (callerPart > 0n) payEnergyBill(view, owner, callerPart, { available: limit.callerEnergyLeft, clock });
}
