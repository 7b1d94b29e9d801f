import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium; `CHROMIUM_PATH` points elsewhere on other systems. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    // Never a skip: a missing browser must fail the suite, in CI and on a laptop alike.
    const where = process.env.CI === 'true' ? 'CI must install it' : 'install it';
    throw new Error(`Chromium was not found at ${path}; ${where} (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  return path;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

export interface LaunchedBrowser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Chromium's fake camera showing `file` (a .y4m or .mjpeg video, looped), granted without a
 * prompt: what a suite passes to read QR codes "from the camera".
 */
export function fakeCameraArgs(file: string): string[] {
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}

/** Headless Chromium with a fresh profile that is deleted on close; `extraArgs` per browser (e.g. `fakeCameraArgs`). */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<LaunchedBrowser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'wallet-e2e-profile-'));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath(),
      headless: true,
      args: [...CHROMIUM_ARGS, ...extraArgs],
      viewport: { width: 1200, height: 800 },
    });
    // Only to stop a hung wait: end-to-end files run two at a time beside their nodes, and on a busy
    // two-core machine a page may take well over Playwright's default 30 s to show what it will show.
    context.setDefaultTimeout(90_000);
    return {
      context,
      async close() {
        await context.close();
        await rm(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
}
