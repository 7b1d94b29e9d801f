// The layers of src-main/node, lowest first (src-main/node/README.md, "Layers"). A module may import
// its own layer and the layers below it, never one above: the chain does not reach the pool, the
// pool not the HTTP server. Entries are paths under src-main/node without the extension; a file
// listed on its own (chain/tx) sits in its layer even when its folder sits higher.
import { layerZones } from './layer-zones.mjs';

export const nodeRoot = 'src-main/node';

export const nodeLayers = [
  {
    name: 'leaves: errors, keys, configuration, worker entries',
    members: ['errors', 'genesis', 'bip32', 'private-net', 'config', 'worker-entry', 'thread-priority'],
  },
  { name: 'storage and state', members: ['store', 'state'] },
  { name: 'signatures and permission checks', members: ['signatures', 'permission-check'] },
  { name: "the transaction model and java-tron's JSON forms of it", members: ['model', 'java-json'] },
  { name: 'protocol rules', members: ['resources', 'trc10', 'staking', 'exchanges', 'governance', 'vm'] },
  { name: 'the hosted VM', members: ['vm-host'] },
  { name: 'actuators', members: ['actuators'] },
  { name: 'consensus and the chain', members: ['consensus', 'chain'] },
  { name: 'the pending pool', members: ['pool'] },
  {
    name: 'block production, dry runs, fork mode, dev accounts',
    members: ['producer', 'simulation', 'fork', 'dev-accounts'],
  },
  { name: 'the APIs', members: ['http', 'jsonrpc', 'events-api'] },
  { name: 'the node assembled', members: ['node', 'index', 'cli', 'cli-options'] },
];

/**
 * Upward imports the layering allows, each with its reason: `{ from, to, why }`, paths under
 * src-main/node (a folder or a file without extension). None: where a lower layer needs something
 * of a higher one, it declares the interface it needs (vm-host/ports.ts) and the higher one implements it.
 */
export const nodeLayerExceptions = [];

/** One `layers/no-upward-import` zone per layer member: the members of every higher layer are forbidden. */
export function nodeLayerZones() {
  return layerZones({
    root: nodeRoot,
    layers: nodeLayers,
    exceptions: nodeLayerExceptions,
    message: (name) =>
      `Inside the node a lower layer never imports a higher one ("${name}" is below the module imported; scripts/eslint/node-layers.mjs).`,
  });
}
