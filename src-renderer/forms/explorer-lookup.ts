import { ExplorerLinkRequestSchema, type ExplorerLinkInput } from '../../src-core/ipc/channels/app';

export interface ExplorerLookupForm {
  network: string;
  kind: string;
  /** Transaction id, address or block number, depending on `kind`. */
  value: string;
}

export type ExplorerLookupErrors = Partial<Record<keyof ExplorerLookupForm, string>>;

export type ExplorerLookupCheck =
  | { readonly ok: true; readonly request: ExplorerLinkInput }
  | { readonly ok: false; readonly errors: ExplorerLookupErrors };

const VALUE_KEYS = { transaction: 'txid', address: 'address', block: 'number' } as const;

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1) + (message.endsWith('.') ? '' : '.');
}

/**
 * Checks the form with the contract's own schema, so the window shows the same rule main
 * enforces, next to the field it concerns.
 */
export function checkExplorerLookup(form: ExplorerLookupForm): ExplorerLookupCheck {
  const text = form.value.trim();
  const valueKey = VALUE_KEYS[form.kind as keyof typeof VALUE_KEYS] ?? 'value';
  // Block numbers are typed as text; anything but digits stays text and fails the number rule.
  const value = form.kind === 'block' && /^\d+$/.test(text) ? Number(text) : text;
  const candidate = { network: form.network, kind: form.kind, [valueKey]: value };
  const parsed = ExplorerLinkRequestSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, request: candidate as ExplorerLinkInput };

  const errors: ExplorerLookupErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    const field: keyof ExplorerLookupForm =
      key === 'network' ? 'network' : key === 'kind' || key === undefined ? 'kind' : 'value';
    errors[field] ??= sentence(issue.message);
  }
  return { ok: false, errors };
}
