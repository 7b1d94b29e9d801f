import { NetworkChoiceSchema, type NetworkChoiceInput } from '../../src-core/ipc/channels/network';
import { EmbeddedNodeSettingsSchema, type EmbeddedNodeSettings } from '../../src-core/ipc/channels/node';

/** Form checks for the Node screen, with the contract's schemas so the window shows main's rules. */

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1) + (message.endsWith('.') ? '' : '.');
}

export interface NodeSettingsForm {
  port: string;
  blockTimeMs: string;
  saveInternalTx: boolean;
  estimateEnergy: boolean;
  /** Empty = inside the app's user data. */
  dataDir: string;
  autoStart: boolean;
  allowBrowserAccess: boolean;
  adminEndpoints: boolean;
}

export type NodeSettingsErrors = Partial<Record<keyof NodeSettingsForm, string>>;

export function settingsToForm(settings: EmbeddedNodeSettings): NodeSettingsForm {
  return {
    ...settings,
    port: String(settings.port),
    blockTimeMs: String(settings.blockTimeMs),
    dataDir: settings.dataDir ?? '',
  };
}

function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export function checkNodeSettings(
  form: NodeSettingsForm,
): { ok: true; settings: EmbeddedNodeSettings } | { ok: false; errors: NodeSettingsErrors } {
  const candidate = {
    port: numberOrText(form.port),
    blockTimeMs: numberOrText(form.blockTimeMs),
    saveInternalTx: form.saveInternalTx,
    estimateEnergy: form.estimateEnergy,
    dataDir: form.dataDir.trim() === '' ? null : form.dataDir.trim(),
    autoStart: form.autoStart,
    allowBrowserAccess: form.allowBrowserAccess,
    adminEndpoints: form.adminEndpoints,
  };
  const parsed = EmbeddedNodeSettingsSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: NodeSettingsErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof NodeSettingsForm | undefined;
    if (key) errors[key] ??= sentence(issue.message);
  }
  return { ok: false, errors };
}

export interface NetworkForm {
  /** embedded, mainnet, nile, shasta or custom. */
  target: string;
  fullNodeUrl: string;
  solidityNodeUrl: string;
  /** Empty = keep the saved key. */
  apiKey: string;
  clearApiKey: boolean;
}

export type NetworkErrors = Partial<Record<'target' | 'fullNodeUrl' | 'solidityNodeUrl' | 'apiKey', string>>;

export function checkNetwork(
  form: NetworkForm,
): { ok: true; choice: NetworkChoiceInput } | { ok: false; errors: NetworkErrors } {
  const apiKey = form.clearApiKey ? null : form.apiKey.trim() === '' ? undefined : form.apiKey.trim();
  let candidate: Record<string, unknown>;
  if (form.target === 'embedded') candidate = { kind: 'embedded' };
  else if (form.target === 'custom') {
    candidate = {
      kind: 'custom',
      fullNodeUrl: form.fullNodeUrl.trim(),
      ...(form.solidityNodeUrl.trim() ? { solidityNodeUrl: form.solidityNodeUrl.trim() } : {}),
      ...(apiKey !== undefined ? { apiKey } : {}),
    };
  } else candidate = { kind: 'preset', network: form.target, ...(apiKey !== undefined ? { apiKey } : {}) };
  const parsed = NetworkChoiceSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, choice: candidate as NetworkChoiceInput };
  const errors: NetworkErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    const field = key === 'fullNodeUrl' || key === 'solidityNodeUrl' || key === 'apiKey' ? key : 'target';
    errors[field] ??= sentence(issue.message);
  }
  return { ok: false, errors };
}
