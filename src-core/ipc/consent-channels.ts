import type { Channels } from './contract';

/**
 * The channels whose change main shows in its own confirmation window before it happens: every
 * signature, every key added to or deleted from the vault, every loosening of it, a repair, and
 * every switch of where the wallet reads, who reaches its node and what the watchtower reports,
 * and every treasury policy adopted or overridden.
 * Some ask only for the part of a change that matters (node:saveSettings when it widens exposure,
 * watch:setRules when it weakens a rule). The hostile renderer test drives each one with main's
 * window declining and checks nothing changed.
 */
export const CONSENT_CHANNELS = [
  'vault:rememberOnDevice',
  'vault:setAutoLock',
  'vault:setSigningPolicy',
  'vault:signMessage',
  'vault:importPrivateKey',
  'vault:importMnemonic',
  'vault:adopt',
  'vault:purgeRemoved',
  'vault:checkRecoveryPhrase',
  'tx:sign',
  'cosign:sign',
  'permissions:submit',
  'offline:sign',
  'offline:leave',
  'network:select',
  'node:saveSettings',
  'node:reset',
  'fork:startEmbedded',
  'fork:impersonate',
  'watch:setRules',
  'payouts:propose',
  'payouts:signBundle',
  'control:sign',
  'policy:adopt',
  'policy:override',
] as const satisfies readonly (keyof Channels)[];

export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];
