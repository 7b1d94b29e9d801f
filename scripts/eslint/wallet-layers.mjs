// The floors of src-main/wallet, lowest first (src-main/wallet/README.md, "Floors"). A module may
// import its own floor and the floors below it, never one above: what every feature shares sits low
// (the stores, the node host, chain-knowledge), the features above it, and index.ts assembles them.
// Entries are paths under src-main/wallet without the extension.
import { layerZones } from './layer-zones.mjs';

export const walletRoot = 'src-main/wallet';

export const walletLayers = [
  { name: 'the ground floor: what the host gives, and the stores', members: ['context', 'stores'] },
  { name: 'the network: node host, embedded node and fork plumbing', members: ['node-host'] },
  {
    name: 'chain knowledge: chain reads, token facts, names, descriptions, proposals',
    members: ['chain-knowledge'],
  },
  {
    name: 'services that read and sign nothing, and the Ledger device',
    members: ['accounts', 'address-book', 'watchtower', 'tokens', 'history', 'ledger', 'audit', 'policy'],
  },
  { name: "main's confirmation", members: ['consent'] },
  { name: 'the vault and transactions, signed through the confirmation', members: ['vault-service', 'transactions'] },
  { name: 'co-signing', members: ['cosign'] },
  { name: 'forks and rehearsals on them', members: ['fork'] },
  {
    name: 'features built on all of the above',
    members: ['permissions', 'offline', 'payouts', 'control', 'audit-cli'],
  },
  { name: 'the services assembled', members: ['index'] },
];

/**
 * Upward imports the floors allow, each with its reason. `from` and `to` are paths under
 * src-main/wallet (a folder or a file without extension). None: a shared piece found in a
 * feature folder moves down to chain-knowledge, or the lower module declares the type it needs.
 */
export const walletLayerExceptions = [];

/** One `layers/no-upward-import` zone per floor member: the members of every higher floor are forbidden. */
export function walletLayerZones() {
  return layerZones({
    root: walletRoot,
    layers: walletLayers,
    exceptions: walletLayerExceptions,
    message: (name) =>
      `Inside the wallet a lower floor never imports a higher one ("${name}" is below the module imported; scripts/eslint/wallet-layers.mjs).`,
  });
}
