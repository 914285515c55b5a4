/**
 * The picture a reporter picks is prepared in the browser before it goes up: a phone's 12-megapixel picture of 4 MB
 * takes close to a minute on a slow mobile connection, although the report service keeps at most 2048 pixels of it.
 * These rules are the same wherever the work happens (a worker or the page); the server still re-encodes whatever
 * arrives, so nothing here is trusted.
 */

/** The longest side of the picture the report service stores (`STORED_PICTURE_MAX_SIDE` in services/report). */
export const STORED_PICTURE_MAX_SIDE = 2048;

/** The JPEG quality the report service stores at (`STORED_PICTURE_JPEG_QUALITY`, 82 of 100), as a canvas takes it. */
export const PREPARED_PICTURE_QUALITY = 0.82;

/**
 * What a prepared picture may weigh before it is encoded once more at `LIGHTER_PICTURE_QUALITY`. Up a slow mobile
 * connection (Fast 3G sends 675 kbit/s) every 100 KB costs the reporter about 1.2 s; most 2048-pixel photographs
 * weigh less than this at the stored quality, while a noisy one (dusk, a sensor's grain, dense leaves) can weigh 650 KB.
 */
export const PREPARED_PICTURE_MAX_BYTES = 500_000;

/** The quality of that second encoding: a swarm is as recognisable, the picture a quarter lighter. */
export const LIGHTER_PICTURE_QUALITY = 0.7;

/**
 * A picture within the stored size goes as it is up to this weight: a 2048-pixel JPEG at the stored quality is about
 * this heavy, so encoding it again would save little and cost a generation of quality. A heavier one (a PNG
 * screenshot, a camera's finest JPEG) is encoded again.
 */
export const UNCHANGED_PICTURE_MAX_BYTES = 1_200_000;

export interface PictureSize {
  width: number;
  height: number;
}

/** The size of the picture scaled down, proportions kept, so that its longest side is at most `maxSide`. */
export function fitWithin(size: PictureSize, maxSide: number = STORED_PICTURE_MAX_SIDE): PictureSize {
  const scale = Math.min(1, maxSide / Math.max(size.width, size.height));
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/** Whether a decoded picture may go as the reporter picked it. */
export function goesAsItIs(size: PictureSize, bytes: number): boolean {
  return Math.max(size.width, size.height) <= STORED_PICTURE_MAX_SIDE && bytes <= UNCHANGED_PICTURE_MAX_BYTES;
}

/** The prepared picture's file name: the picked one's with a .jpg extension ("IMG_0042.HEIC" → "IMG_0042.jpg"). */
export function preparedFileName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '').trim();
  return `${base || 'swarm'}.jpg`;
}

/** A picture decoded upright (by its EXIF orientation), ready to be drawn at another size. */
export interface DecodedPicture {
  size: PictureSize;
  close(): void;
}

/** How a place (a worker, the page) decodes and encodes pictures. */
export interface PictureCodec<TDecoded extends DecodedPicture = DecodedPicture> {
  /** Rejects when this browser cannot read the picture (HEIC in most of them). */
  decode(picture: Blob): Promise<TDecoded>;
  encodeJpeg(decoded: TDecoded, size: PictureSize, quality: number): Promise<Blob>;
}

export type PreparedPicture =
  | { kind: 'prepared'; picture: Blob; size: PictureSize }
  | { kind: 'as-it-is'; reason: 'small-enough' | 'undecodable' | 'no-smaller' };

/**
 * Decodes the picture upright, scales it to fit the stored size and encodes it as JPEG at the stored quality (no
 * metadata survives a canvas), or once more at a lower quality when that is heavier than `PREPARED_PICTURE_MAX_BYTES`. A picture this browser cannot decode goes as it is, for the server to read; so does one
 * small enough already, and one the encoding would not make lighter. A failure to encode is thrown, for the caller to
 * try elsewhere.
 */
export async function preparePictureWith<TDecoded extends DecodedPicture>(picture: Blob, codec: PictureCodec<TDecoded>): Promise<PreparedPicture> {
  let decoded: TDecoded;
  try {
    decoded = await codec.decode(picture);
  } catch {
    return { kind: 'as-it-is', reason: 'undecodable' };
  }
  try {
    if (goesAsItIs(decoded.size, picture.size)) return { kind: 'as-it-is', reason: 'small-enough' };
    const size = fitWithin(decoded.size);
    let encoded = await codec.encodeJpeg(decoded, size, PREPARED_PICTURE_QUALITY);
    if (encoded.size > PREPARED_PICTURE_MAX_BYTES) encoded = await codec.encodeJpeg(decoded, size, LIGHTER_PICTURE_QUALITY);
    if (encoded.size >= picture.size) return { kind: 'as-it-is', reason: 'no-smaller' };
    return { kind: 'prepared', picture: encoded, size };
  } finally {
    decoded.close();
  }
}
