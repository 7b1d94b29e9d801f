// Turns a layer table (lowest layer first) into `layers/no-upward-import` zones: a module may import
// its own layer and the layers below it, never one above, except the listed exceptions. Entries are
// paths under `root` without the extension; a file listed on its own sits in its layer even when
// its folder sits higher. Shared by the node's table (node-layers.mjs) and the wallet's (wallet-layers.mjs).

const within = (path, prefix) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * @param {{ root: string, layers: { name: string, members: string[] }[],
 *   exceptions: { from: string, to: string, why: string }[], message: (layerName: string) => string }} table
 */
export function layerZones({ root, layers, exceptions, message }) {
  const all = layers.flatMap((layer) => layer.members);
  const full = (path) => `${root}/${path}`;
  return layers.flatMap((layer, index) => {
    const higher = layers.slice(index + 1).flatMap((l) => l.members);
    if (higher.length === 0) return [];
    const lowerOrSame = layers.slice(0, index + 1).flatMap((l) => l.members);
    return layer.members.map((member) => ({
      files: full(member),
      // A file listed on its own inside this member belongs to its own zone.
      except: all.filter((other) => other !== member && within(other, member)).map(full),
      forbidden: higher.map(full),
      // A lower file listed on its own inside a higher folder (chain/tx inside chain) stays reachable.
      allow: [
        ...lowerOrSame.filter((other) => higher.some((h) => within(other, h))).map((to) => ({ to: full(to) })),
        ...exceptions.filter((e) => within(e.from, member)).map((e) => ({ from: full(e.from), to: full(e.to) })),
      ],
      message: message(layer.name),
    }));
  });
}
