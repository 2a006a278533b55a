// Types for the parts of gifenc 1.0.3 (www/vendor/gifenc.esm.js, Matt
// DesLauriers, MIT: www/vendor/gifenc.LICENSE.md) that the GIF worker uses.
// The JavaScript file is the npm package's dist/gifenc.esm.js, byte for byte
// (tests/lint/vendor.test.mjs); these types are ours, from its README.

/** A palette: colours as [r, g, b] (or [r, g, b, a] in "rgba4444"). */
export type Palette = number[][];
export type Format = 'rgb565' | 'rgb444' | 'rgba4444';

/** At most `maxColors` colours that stand for the pixels of `rgba` (PnnQuant). */
export function quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number, options?: { format?: Format; oneBitAlpha?: boolean | number; clearAlpha?: boolean; clearAlphaThreshold?: number; clearAlphaColor?: number }): Palette;

/** Each pixel of `rgba` as the index of its nearest colour in `palette`. */
export function applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Palette, format?: Format): Uint8Array;

export interface FrameOptions {
  palette?: Palette;
  /** Milliseconds the frame stays (the file keeps hundredths of a second). */
  delay?: number;
  /** -1 once, 0 forever, or a number of repeats (read from the first frame). */
  repeat?: number;
  transparent?: boolean;
  transparentIndex?: number;
  /** The GIF disposal method; -1 lets gifenc choose. */
  dispose?: number;
  /** Bits a pixel index needs (the LZW code size), 8 unless told. */
  colorDepth?: number;
}

export interface Encoder {
  writeFrame(index: Uint8Array, width: number, height: number, options?: FrameOptions): void;
  finish(): void;
  /** A copy of the bytes written so far. */
  bytes(): Uint8Array;
  bytesView(): Uint8Array;
  reset(): void;
}

export function GIFEncoder(options?: { initialCapacity?: number; auto?: boolean }): Encoder;
export default GIFEncoder;
