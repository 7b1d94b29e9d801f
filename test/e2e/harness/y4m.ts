import { open } from 'node:fs/promises';
import { qrModules } from '../../../src-renderer/components/cosign/qr';

/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): YUV4MPEG2, 4:2:0,
 * as described by the format's reference (https://wiki.multimedia.cx/index.php/YUV4MPEG2) —
 * a text header line, then per frame `FRAME\n` and the Y, U and V planes. Each QR code is drawn
 * black on white, centred, and held for `holdFrames` frames; Chromium loops the file.
 */
export interface QrVideoOptions {
  /** Width and height in pixels (even). */
  readonly side?: number;
  readonly fps?: number;
  readonly holdFrames?: number;
}

/** Luma of black and white in video range (ITU-R BT.601), which Chromium's converter expects. */
const BLACK = 16;
const WHITE = 235;
const NEUTRAL_CHROMA = 128;
const QUIET_ZONE = 4;

async function lumaOf(text: string, side: number): Promise<Uint8Array> {
  const { size, data } = await qrModules(text);
  const scale = Math.floor(side / (size + 2 * QUIET_ZONE));
  if (scale < 2) throw new Error(`A ${size}-module QR code does not fit a ${side}-pixel frame at 2 pixels a module.`);
  const offset = Math.floor((side - size * scale) / 2);
  const plane = new Uint8Array(side * side).fill(WHITE);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!data[y * size + x]) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (offset + y * scale + dy) * side + offset + x * scale;
        plane.fill(BLACK, row, row + scale);
      }
    }
  return plane;
}

/** Writes `texts` as a looping QR video to `path`; returns the number of video frames. */
export async function writeQrVideo(
  path: string,
  texts: readonly string[],
  options: QrVideoOptions = {},
): Promise<number> {
  const side = options.side ?? 480;
  const fps = options.fps ?? 10;
  const hold = options.holdFrames ?? 3;
  if (side % 2 !== 0) throw new Error('The frame side must be even for 4:2:0 chroma.');
  const chroma = new Uint8Array((side / 2) * (side / 2) * 2).fill(NEUTRAL_CHROMA);
  const file = await open(path, 'w');
  let frames = 0;
  try {
    await file.write(`YUV4MPEG2 W${side} H${side} F${fps}:1 Ip A1:1 C420jpeg\n`);
    for (const text of texts) {
      const luma = await lumaOf(text, side);
      for (let i = 0; i < hold; i++) {
        await file.write('FRAME\n');
        await file.write(luma);
        await file.write(chroma);
        frames++;
      }
    }
  } finally {
    await file.close();
  }
  return frames;
}
