/**
 * Covers shrunk to the size a hover draws them. VS Code cuts a hover's Markdown at 100,000
 * characters, and an ordinary JPEG cover of 80 KB is already 110,000 characters of base64: inlined
 * as it comes, the image is lost and its base64 shows as text. A cover drawn 140 px high needs
 * only about 280 px (for high-density screens); at that size a JPEG is a few KB.
 * Decoders are pure JavaScript (jpeg-js, pngjs), bounded in pixels and memory.
 */
import * as jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

export interface Raster {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row by row. */
  data: Uint8Array;
}

/** Larger images are refused before they are decoded (a "decompression bomb" is small on the wire). */
const MAX_SOURCE_PIXELS = 25_000_000;

/** A JPEG no taller than `maxHeight`, or `undefined` when the image cannot be read. */
export function downscaleCover(bytes: Uint8Array, mimeType: string, maxHeight: number, quality = 80): Uint8Array | undefined {
  const raster = decode(bytes, mimeType);
  if (!raster || raster.width === 0 || raster.height === 0) return undefined;
  const scaled = raster.height > maxHeight ? resize(raster, Math.max(1, Math.round((raster.width * maxHeight) / raster.height)), maxHeight) : raster;
  return jpeg.encode({ width: scaled.width, height: scaled.height, data: flattenOnWhite(scaled.data) }, quality).data;
}

function decode(bytes: Uint8Array, mimeType: string): Raster | undefined {
  try {
    if (mimeType === 'image/jpeg') {
      const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_SOURCE_PIXELS / 1e6, maxMemoryUsageInMB: 256 });
      return { width: image.width, height: image.height, data: image.data };
    }
    if (mimeType === 'image/png') {
      const size = pngSize(bytes);
      if (!size || size.width * size.height > MAX_SOURCE_PIXELS) return undefined;
      const image = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      return { width: image.width, height: image.height, data: image.data };
    }
  } catch {
    // A broken image is no cover, never a failed hover.
  }
  return undefined;
}

/** Width and height from a PNG's IHDR chunk, read before decoding. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Area-average resampling: each target pixel is the mean of the source pixels it covers. */
export function resize(source: Raster, width: number, height: number): Raster {
  const data = new Uint8Array(width * height * 4);
  const xRatio = source.width / width;
  const yRatio = source.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * yRatio);
    const y1 = Math.max(y0 + 1, Math.min(source.height, Math.floor((y + 1) * yRatio)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * xRatio);
      const x1 = Math.max(x0 + 1, Math.min(source.width, Math.floor((x + 1) * xRatio)));
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = y0; sy < y1; sy++) {
        let i = (sy * source.width + x0) * 4;
        for (let sx = x0; sx < x1; sx++, i += 4) {
          r += source.data[i]!;
          g += source.data[i + 1]!;
          b += source.data[i + 2]!;
          a += source.data[i + 3]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 4;
      data[o] = r / n;
      data[o + 1] = g / n;
      data[o + 2] = b / n;
      data[o + 3] = a / n;
    }
  }
  return { width, height, data };
}

/** JPEG has no transparency: transparent parts of a PNG cover become white, not black. */
function flattenOnWhite(rgba: Uint8Array): Uint8Array {
  const out = new Uint8Array(rgba.length);
  for (let i = 0; i < rgba.length; i += 4) {
    const alpha = rgba[i + 3]! / 255;
    out[i] = rgba[i]! * alpha + 255 * (1 - alpha);
    out[i + 1] = rgba[i + 1]! * alpha + 255 * (1 - alpha);
    out[i + 2] = rgba[i + 2]! * alpha + 255 * (1 - alpha);
    out[i + 3] = 255;
  }
  return out;
}
