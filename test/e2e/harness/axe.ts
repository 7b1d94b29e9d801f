import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The WCAG 2.1 A and AA rules of axe-core. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let axeSource: Promise<string> | undefined;
function loadAxe(): Promise<string> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** axe-core's WCAG 2.1 A and AA rules on the page as it stands: "rule: target" per violation. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(await loadAxe());
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResult> } }).axe;
    type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  }, AXE_TAGS);
}
