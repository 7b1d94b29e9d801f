export interface FieldOption {
  readonly value: string;
  readonly label: string;
}

export interface TableColumn {
  readonly key: string;
  readonly label: string;
  readonly align?: 'start' | 'end';
}
