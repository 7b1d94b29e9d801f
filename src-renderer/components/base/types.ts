export interface FieldOption {
  readonly value: string;
  readonly label: string;
}

export interface TableColumn {
  readonly key: string;
  readonly label: string;
  readonly align?: 'start' | 'end';
  /** Amounts and times stay on one line: a balance or a date broken in two is misread. */
  readonly nowrap?: boolean;
}
