import type { SerializedError } from '../errors';

/** What every channel answers across the process boundary; errors travel serialized. */
export type IpcResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: SerializedError };

export function okResult<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function errorResult(error: SerializedError): IpcResult<never> {
  return { ok: false, error };
}

/** Shape check for a reply that crossed a boundary we do not fully trust. */
export function isIpcResult(value: unknown): value is IpcResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (record.ok === true) return 'value' in record || Object.keys(record).length === 1;
  if (record.ok !== false) return false;
  const error = record.error as Record<string, unknown> | null | undefined;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof error.name === 'string' &&
    typeof error.code === 'string' &&
    typeof error.message === 'string'
  );
}
