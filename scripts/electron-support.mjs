// Electron supports its three newest major lines. The newest major is recorded here, with the day
// it was looked up (`npm view electron dist-tags.latest`), and nowhere else: `npm test` fails
// once the pinned Electron falls out of that window, so an unsupported Electron cannot go unnoticed.
export const NEWEST_ELECTRON = { major: 45, checkedOn: '2026-12-04' };

/** How many majors behind the newest one Electron still ships security fixes for. */
export const SUPPORTED_BEHIND = 2;

/**
 * Why `pinned` (package.json's devDependencies.electron) is not an acceptable Electron pin, or
 * null when it is: an exact version within the supported majors.
 */
export function electronPinProblem(pinned, newest = NEWEST_ELECTRON) {
  const exact = /^(\d+)\.\d+\.\d+$/.exec(pinned ?? '');
  if (!exact) return `Electron must be pinned to an exact version in package.json (found "${pinned}").`;
  const major = Number(exact[1]);
  const oldest = newest.major - SUPPORTED_BEHIND;
  if (major < oldest) {
    return (
      `Electron ${pinned} is out of support: the supported majors are ${oldest} to ${newest.major} ` +
      `(newest recorded in scripts/electron-support.mjs, checked ${newest.checkedOn}). ` +
      `Move package.json to the newest ${newest.major}.x, or record a newer major there if one is out.`
    );
  }
  return null;
}
