// The layers of src-main/node, lowest first (src-main/node/README.md, "Layers"). A module may import
// its own layer and the layers below it, never one above: the chain does not reach the pool, the
// pool not the HTTP server. Entries are paths under src-main/node without the extension: a folder
// or a top-level file (a file listed on its own would sit in its layer even when its folder sits higher).
export const nodeRoot = 'src-main/node';

export const nodeLayers = [
  {
    name: 'leaves: errors, keys, configuration, worker entries',
    members: ['errors', 'genesis', 'bip32', 'private-net', 'config', 'worker-entry'],
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

const within = (path, prefix) => path === prefix || path.startsWith(`${prefix}/`);

/** One `layers/no-upward-import` zone per layer member: the members of every higher layer are forbidden. */
export function nodeLayerZones() {
  const all = nodeLayers.flatMap((layer) => layer.members);
  const full = (path) => `${nodeRoot}/${path}`;
  return nodeLayers.flatMap((layer, index) => {
    const higher = nodeLayers.slice(index + 1).flatMap((l) => l.members);
    if (higher.length === 0) return [];
    const lowerOrSame = nodeLayers.slice(0, index + 1).flatMap((l) => l.members);
    return layer.members.map((member) => ({
      files: full(member),
      // A file listed on its own inside this member belongs to its own zone.
      except: all.filter((other) => other !== member && within(other, member)).map(full),
      forbidden: higher.map(full),
      // A lower file listed on its own inside a higher folder stays reachable.
      allow: [
        ...lowerOrSame.filter((other) => higher.some((h) => within(other, h))).map((to) => ({ to: full(to) })),
        ...nodeLayerExceptions
          .filter((e) => within(e.from, member))
          .map((e) => ({ from: full(e.from), to: full(e.to) })),
      ],
      message: `Inside the node a lower layer never imports a higher one ("${layer.name}" is below the module imported; scripts/eslint/node-layers.mjs).`,
    }));
  });
}
