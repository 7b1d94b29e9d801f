// electron-vite's `?modulePath` import (its node.d.ts declares it the same way): the path of the
// file it builds from a worker entry. Declared here alone, without the rest of electron-vite/node,
// whose process.env declarations would make the tests' ELECTRON_RENDERER_URL read-only.
declare module '*?modulePath' {
  const path: string;
  export default path;
}
