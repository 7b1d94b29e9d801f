import { qrTextFromBytes } from '../../../src-core/envelope/qr-frames';

/**
 * QR codes for envelopes (docs/envelope.md "QR codes"), drawn as one SVG path so that nothing
 * passes through `img-src` or inline styles (CSP), and read back from image files through a
 * canvas: `createImageBitmap` takes the File itself, so no blob: or data: URL is ever made.
 * The QR libraries (about 300 kB) load on first use, as a separate chunk from this origin.
 */
export interface QrMatrix {
  /** Modules per side, quiet zone excluded. */
  readonly size: number;
  /** SVG path of the dark modules, in module units offset by the quiet zone. */
  readonly path: string;
  readonly version: number;
}

/**
 * How long each frame of an animated code stays up: 4 frames a second, slow enough for a phone
 * camera to focus and decode most of them, as the animated codes of hardware wallets do.
 */
export const QR_FRAME_MS = 250;

/** Four modules of light margin around the symbol, as the standard asks. */
export const QUIET_ZONE = 4;

/** The characters of the QR alphanumeric mode (ISO/IEC 18004 §7.4.4), which upper-case URs fit. */
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]+$/;

/** The modules of the QR symbol for `text`: `data[y * size + x]` is dark. */
export async function qrModules(
  text: string,
): Promise<{ size: number; data: ArrayLike<number | boolean>; version: number }> {
  const { default: QRCode } = await import('qrcode');
  // Alphanumeric mode packs 5.5 bits a character where it fits (an upper-case UR); anything else
  // goes in one byte segment with its UTF-8 bytes, so readers get exactly these bytes back.
  const segment = ALPHANUMERIC.test(text)
    ? { data: text, mode: 'alphanumeric' as const }
    : { data: new TextEncoder().encode(text), mode: 'byte' as const };
  const code = QRCode.create([segment], { errorCorrectionLevel: 'M' });
  return { size: code.modules.size, data: code.modules.data, version: code.version };
}

export async function qrMatrix(text: string): Promise<QrMatrix> {
  const code = await qrModules(text);
  const { size, data } = code;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x++;
      parts.push(`M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h-${x - start}z`);
    }
  }
  return { size, path: parts.join(''), version: code.version };
}

/** Longest side an image is decoded at; larger photos are scaled down first. */
const MAX_SIDE = 2400;

/** The text of the QR code in a drawn frame (an image or a camera's), or null when none is found. */
export async function decodeQrPixels(pixels: ImageData): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  const found = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'attemptBoth' });
  return found ? qrTextFromBytes(Uint8Array.from(found.binaryData)) : null;
}

/** Draws `source` on a white canvas of `width` × `height` and returns its pixels, or null without a 2D context. */
export function pixelsOf(
  source: CanvasImageSource,
  width: number,
  height: number,
  canvas?: HTMLCanvasElement,
): ImageData | null {
  const target = canvas ?? document.createElement('canvas');
  target.width = width;
  target.height = height;
  const context = target.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(source, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}

/** The text of the QR code in an image file, or null when none is found. */
export async function decodeQrImage(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const pixels = pixelsOf(bitmap, width, height);
    return pixels ? decodeQrPixels(pixels) : null;
  } finally {
    bitmap.close();
  }
}
