import type { Page } from 'playwright-core';
import type { EmbeddedNodeFactory, FileDialogs } from '../../../src-main/wallet';
import { animatedParts } from './animated-qr';
import { fakeCameraArgs } from './chromium';
import { startWalletHarness, type WalletHarness } from './wallet';
import { writeQrVideo } from './y4m';

export interface OfflineProfile {
  readonly desk: WalletHarness;
  /** How often this profile tried to start a node: an offline signer never should. */
  nodeStarts(): number;
}

/**
 * A fresh profile for the offline signer: its node is not started (autoStart off) and its factory
 * counts, then refuses, any attempt to start one; its browser's camera plays `camera`.
 */
export async function startOfflineProfile(options: {
  camera: string;
  fileDialogs?: FileDialogs;
}): Promise<OfflineProfile> {
  let starts = 0;
  const refuseNode: EmbeddedNodeFactory = async () => {
    starts++;
    throw new Error('The offline signer must never start a node.');
  };
  const desk = await startWalletHarness({
    createNode: refuseNode,
    settings: { embeddedNode: { port: 0, autoStart: false } },
    chromiumArgs: fakeCameraArgs(options.camera),
    ...(options.fileDialogs ? { fileDialogs: options.fileDialogs } : {}),
  });
  await desk.wallet.ready;
  return { desk, nodeStarts: () => starts };
}

/**
 * Points the other profile's camera at `page`'s animated QR code: twice as many frames as parts
 * (fountain parts after the first round), each held for 3 video frames, looping. Returns the
 * number of parts the code has and of video frames written.
 */
export async function showToCamera(page: Page, camera: string): Promise<{ parts: number; videoFrames: number }> {
  const parts = Number(await page.getByTestId('qr-animated').getAttribute('data-parts'));
  const videoFrames = await writeQrVideo(camera, await animatedParts(page, parts * 2), { holdFrames: 3 });
  return { parts, videoFrames };
}
