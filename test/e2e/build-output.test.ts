import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, readCspMeta } from '../../src-main/app/csp';
import { ensureRendererBuilt, ROOT } from './harness/renderer-build';

describe('app build output', () => {
  beforeAll(async () => {
    await ensureRendererBuilt();
  });

  it.each([
    ['index.cjs', 'exposeInMainWorld'],
    ['consent.cjs', 'consent:answer'],
  ])('bundles the sandboxed preload %s as CommonJS that requires nothing but electron', async (name, marker) => {
    const preload = await readFile(join(ROOT, 'out/preload', name), 'utf8');
    // Calls in code only: a bundled library's doc comment may show `require("./compiled.js")`.
    const code = preload.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const required = [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]);
    expect([...new Set(required)]).toEqual(['electron']);
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
    expect(preload).toContain(marker);
  });

  it('keeps the production CSP in the built page', async () => {
    const html = await readFile(join(ROOT, 'out/renderer/index.html'), 'utf8');
    expect(readCspMeta(html)).toBe(contentSecurityPolicy({ delivery: 'meta' }));
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style[\s>]/);
  });

  it('gives the window no code that needs Node: no Buffer, require, process or node: modules in any chunk', async () => {
    const assets = join(ROOT, 'out/renderer/assets');
    const chunks = (await readdir(assets)).filter((name) => name.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(1);
    for (const name of chunks) {
      const code = await readFile(join(assets, name), 'utf8');
      expect(code, name).not.toMatch(/(?<![\w$.])Buffer\.(from|alloc|concat|isBuffer)\b/);
      expect(code, name).not.toMatch(/(?<![\w$.])require\(\s*["'`]/);
      expect(code, name).not.toMatch(/(\bfrom|\bimport\()\s*["'`]node:/);
      expect(code, name).not.toMatch(/(?<![\w$.])process\.(env|versions|nextTick)\b/);
    }
  });
});
