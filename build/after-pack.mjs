// electron-builder afterPack hook: flips Electron fuses in the packaged binary before signing.
// Fuses are build-time switches that cannot be turned back on at run time.
import { join } from 'node:path';
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';

/** Where electron-builder put the Electron executable for this platform. */
function electronBinary(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const name = packager.appInfo.productFilename;
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(appOutDir, `${name}.app`);
    case 'win32':
      return join(appOutDir, `${name}.exe`);
    default:
      return join(appOutDir, packager.executableName);
  }
}

export const fuses = {
  version: FuseVersion.V1,
  // No ELECTRON_RUN_AS_NODE: the binary cannot be reused as a plain Node interpreter.
  [FuseV1Options.RunAsNode]: false,
  // No NODE_OPTIONS / --inspect: nobody injects code or a debugger from the environment.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // Load the app only from app.asar, and check it against the hash embedded at packaging.
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // Cookies at rest are encrypted with an OS-protected key.
  [FuseV1Options.EnableCookieEncryption]: true,
  // The renderer is served from app://, so file:// needs none of its legacy privileges.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  // One V8 snapshot for every process, as Electron ships it.
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // WebAssembly bounds checks by trap handler, Electron's default.
  [FuseV1Options.WasmTrapHandlers]: true,
};

export default async function afterPack(context) {
  await flipFuses(electronBinary(context), {
    ...fuses,
    // A fuse that a later Electron adds to the wire refuses the build until it is decided above.
    strictlyRequireAllFuses: true,
    // Flipping fuses breaks the ad-hoc signature, which Apple Silicon refuses to run; re-sign
    // ad hoc (a real signature, when configured, is applied later by electron-builder).
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin',
  });
}
