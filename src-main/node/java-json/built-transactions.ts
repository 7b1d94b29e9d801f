import type { ParsedTransaction } from '../model/tx';

/**
 * The unsigned transactions triggersmartcontract printed lately, with the exact text of their
 * `raw_data` and the address form it was printed in; one per node. A wallet signs what the node
 * built and sends it back: when a broadcast's `raw_data` is that text, JsonFormat.merge would give
 * back the very message that was printed (Util.packTransaction packs each contract's value into
 * the bytes it was printed from), so the transaction is taken from here instead of being merged,
 * encoded and hashed again. Each entry is taken once; the oldest go first when the map is full (a
 * wallet sends back what it just built; one that only builds keeps at most this many, a few MB, per
 * address form).
 */
const CAPACITY = 1024;

interface Printed {
  readonly rawText: string;
  readonly tx: ParsedTransaction;
}

export class BuiltTransactions {
  /**
   * By the txID printed beside them, one map per address form. The id only finds the entry (a
   * client's txID is never read otherwise): what decides is the raw_data text, compared whole.
   */
  private readonly printed = { hex: new Map<string, Printed>(), visible: new Map<string, Printed>() };

  remember(visible: boolean, rawText: string, tx: ParsedTransaction): void {
    const map = this.form(visible);
    if (map.size >= CAPACITY) map.delete(map.keys().next().value!);
    map.set(tx.idHex, { rawText, tx });
  }

  /** Whether any transaction printed in this address form is waiting to be sent back. */
  any(visible: boolean): boolean {
    return this.form(visible).size > 0;
  }

  /**
   * The unsigned transaction printed with this `raw_data` text beside this txID, if it was printed
   * lately (once).
   */
  take(visible: boolean, txId: string, rawText: string): ParsedTransaction | undefined {
    const map = this.form(visible);
    const entry = map.get(txId);
    if (entry?.rawText !== rawText) return undefined;
    map.delete(txId);
    return entry.tx;
  }

  private form(visible: boolean): Map<string, Printed> {
    return visible ? this.printed.visible : this.printed.hex;
  }
}
