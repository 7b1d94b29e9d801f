/** One line of a transaction's summary as the builder's review shows it. */
export interface SummaryLine {
  readonly label: string;
  readonly value: string;
  /** The value as the chain holds it, shown beside `value` in small type ("250,000,000 base units"). */
  readonly raw?: string;
}
