import sharp, { type Sharp } from 'sharp';
import type { EncodedImage, ImageProcessor } from '../../app/ports.js';
import { ReportError } from '../../domain/report-error.js';

/** What a reporter's phone produces; anything else (SVG, TIFF, PDF…) is refused even when sharp could read it. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export type SharpImageProcessorOptions = {
  /** Longest side of the stored picture, in pixels. */
  maxDimension: number;
  /** Longest side of the thumbnail shown in the member tables. */
  thumbnailDimension: number;
  /** Refuses decompression bombs: a small file that decodes to a huge bitmap. */
  maxInputPixels: number;
};

const DEFAULTS: SharpImageProcessorOptions = { maxDimension: 2048, thumbnailDimension: 320, maxInputPixels: 60_000_000 };

/**
 * Decodes the upload and encodes it again as JPEG, turned upright by its EXIF orientation. Encoding anew keeps
 * no metadata at all (EXIF, GPS, XMP, ICC comments), which is the point: a phone picture carries where it was taken.
 */
export class SharpImageProcessor implements ImageProcessor {
  private readonly options: SharpImageProcessorOptions;

  constructor(options: Partial<SharpImageProcessorOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  async process(upload: Uint8Array): Promise<{ image: EncodedImage; thumbnail: EncodedImage }> {
    try {
      const source = sharp(upload, { limitInputPixels: this.options.maxInputPixels, failOn: 'error', animated: false });
      const { format } = await source.metadata();
      if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`format ${format ?? 'unknown'} is not accepted`);
      const upright = source.rotate().flatten({ background: '#ffffff' });
      const [image, thumbnail] = await Promise.all([
        this.encode(upright.clone(), this.options.maxDimension, 82),
        this.encode(upright.clone(), this.options.thumbnailDimension, 70),
      ]);
      return { image, thumbnail };
    } catch (error) {
      throw new ReportError('REPORT.INVALID_IMAGE', `the upload is not a picture that can be read (${(error as Error).message})`);
    }
  }

  private async encode(pipeline: Sharp, dimension: number, quality: number): Promise<EncodedImage> {
    const bytes = await pipeline
      .resize({ width: dimension, height: dimension, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    return { bytes: new Uint8Array(bytes), contentType: 'image/jpeg', extension: 'jpg' };
  }
}
