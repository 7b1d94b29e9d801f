/**
 * Whether a field's problem may show: a field turns red only once the person changed it, and a
 * group's problem once they changed something inside the group; never on a part of the form they
 * have not touched. Paths are as the validation names them: `owner.threshold`,
 * `actives[0].keys[1].address`, `actives[0]`.
 */
export function isRevealed(path: string, edited: readonly string[]): boolean {
  return edited.some((e) => e === path || e.startsWith(`${path}.`) || e.startsWith(`${path}[`));
}
