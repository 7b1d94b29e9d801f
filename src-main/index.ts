import { startApp } from './app/start';

// Electron main entry. Everything lives in app/start.ts so this file stays a one-liner.
startApp({ outDir: import.meta.dirname });
