import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import vue from '@vitejs/plugin-vue';
import { contentSecurityPolicy, replaceCspMeta } from './src-main/app/csp';

/**
 * `npm run dev` only: Vite injects component CSS as <style> elements and reloads over a socket,
 * both refused by the production CSP in index.html. Builds keep the strict policy untouched.
 */
function devCsp(): Plugin {
  return {
    name: 'wallet-dev-csp',
    apply: 'serve',
    transformIndexHtml: (html, context) => {
      const origin = context.server?.resolvedUrls?.local[0] ?? 'http://localhost:5173/';
      const socket = origin.replace(/^http/, 'ws').replace(/\/$/, '');
      return replaceCspMeta(
        html,
        contentSecurityPolicy({ delivery: 'meta', allowInlineStyles: true, connectSources: ["'self'", socket] }),
      );
    },
  };
}

// Three targets: main (node + electron), preload (sandboxed, CommonJS), renderer (Vue, no node).
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(__dirname, 'src-main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can only require('electron'): zod and the contract are bundled in.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-main/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    plugins: [vue(), devCsp()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified; minified, the window parses about half the JS at start.
      minify: true,
      reportCompressedSize: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
});
