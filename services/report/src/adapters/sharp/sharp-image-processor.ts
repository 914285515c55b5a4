import pLimit, { type LimitFunction } from 'p-limit';
import type { Sharp } from 'sharp';
import type { EncodedImage, ImageProcessor, ProcessedImage } from '../../app/ports.js';
import { MAX_IMAGE_PIXELS, STORED_PICTURE_JPEG_QUALITY, STORED_PICTURE_MAX_SIDE } from '../../domain/report.js';
import { ReportError } from '../../domain/report-error.js';

/** What a reporter's phone produces; anything else (SVG, TIFF, PDF…) is refused even when sharp could read it. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export type SharpImageProcessorOptions = {
  /** Longest side of the stored picture, in pixels. */
  maxDimension: number;
  /** Longest side of the thumbnail shown in the member tables. */
  thumbnailDimension: number;
  /**
   * The largest picture accepted, in pixels: a larger one is refused from its header, before it is decoded, which
   * also refuses decompression bombs (a small file that decodes to a huge bitmap).
   */
  maxInputPixels: number;
  /**
   * Pictures decoded at once; the others wait their turn. Decoding a large picture holds tens of megabytes of
   * bitmap, so this bounds the memory a burst of uploads takes rather than letting it grow with the burst.
   */
  decodeConcurrency: number;
};

type SharpModule = typeof import('sharp');
let sharpModule: Promise<SharpModule['default']> | undefined;
/**
 * sharp and its libvips (~15 MB resident) load with the first picture, not with a process that may never see one.
 * libvips's operation cache is turned off: every upload is a different picture, so it never hits, and it held up to
 * 50 MB of decoded pixels.
 */
const loadSharp = () =>
  (sharpModule ??= import('sharp').then((module) => {
    module.default.cache(false);
    return module.default;
  }));

type JpegEncoding = { quality: number; mozjpeg: boolean };
/**
 * The stored picture is encoded by libjpeg-turbo (with optimised Huffman tables): on a 12-megapixel phone picture
 * mozjpeg's trellis search took about 5× the CPU (530 vs 95 ms here) for a file 8% smaller, on the reporter's
 * request. The thumbnail, a few KB shown in every member's tables, keeps mozjpeg: 25% smaller for ~6 ms.
 */
const PICTURE_ENCODING: JpegEncoding = { quality: STORED_PICTURE_JPEG_QUALITY, mozjpeg: false };
const THUMBNAIL_ENCODING: JpegEncoding = { quality: 70, mozjpeg: true };

const DEFAULTS: SharpImageProcessorOptions = { maxDimension: STORED_PICTURE_MAX_SIDE, thumbnailDimension: 320, maxInputPixels: MAX_IMAGE_PIXELS, decodeConcurrency: 2 };

/**
 * Decodes the upload and encodes it again as JPEG, turned upright by its EXIF orientation. Encoding anew keeps
 * no metadata at all (EXIF, GPS, XMP, ICC comments), which is the point: a phone picture carries where it was taken.
 * Reading the header is cheap and done at once; the decoding waits for one of `decodeConcurrency` slots.
 */
export class SharpImageProcessor implements ImageProcessor {
  private readonly options: SharpImageProcessorOptions;
  /** At most `decodeConcurrency` decodes at once; the others wait in arrival order (p-limit's queue). */
  private readonly decodes: LimitFunction;

  constructor(options: Partial<SharpImageProcessorOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.decodes = pLimit(this.options.decodeConcurrency);
  }

  async process(upload: Uint8Array): Promise<ProcessedImage> {
    // Outside the try: a sharp that cannot load is this service's failure, never the reporter's "not a picture".
    await loadSharp();
    try {
      const source = await this.readHeader(upload);
      return await this.decodes(() => this.reencode(source));
    } catch (error) {
      if (error instanceof ReportError) throw error;
      throw new ReportError('REPORT.INVALID_IMAGE', `the upload is not a picture that can be read (${(error as Error).message})`);
    }
  }

  /**
   * Reads what the file says it is without decoding its pixels; refuses a format a phone would not send and a
   * picture over the pixel limit.
   */
  protected async readHeader(upload: Uint8Array): Promise<Sharp> {
    const sharp = await loadSharp();
    const options = { failOn: 'error', animated: false } as const;
    // sharp's own limit would refuse in metadata() too, but with the same error as a file it cannot read.
    const { format, width, height } = await sharp(upload, { ...options, limitInputPixels: false }).metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`format ${format ?? 'unknown'} is not accepted`);
    if (!width || !height) throw new Error('the picture has no size');
    if (width * height > this.options.maxInputPixels) {
      throw new ReportError('REPORT.IMAGE_TOO_LARGE', `the picture is ${width}×${height} pixels, over the limit of ${this.options.maxInputPixels}`);
    }
    return sharp(upload, { ...options, limitInputPixels: this.options.maxInputPixels });
  }

  /**
   * Decodes the upload once into the stored picture, then makes the thumbnail from that picture (a few megapixels
   * at most) rather than decoding the upload a second time: one slot is one large decode, never two at once.
   */
  protected async reencode(source: Sharp): Promise<ProcessedImage> {
    const sharp = await loadSharp();
    const image = await this.encode(source.rotate().flatten({ background: '#ffffff' }), this.options.maxDimension, PICTURE_ENCODING);
    const thumbnail = await this.encode(sharp(image.bytes, { failOn: 'error' }), this.options.thumbnailDimension, THUMBNAIL_ENCODING);
    return { image, thumbnail };
  }

  private async encode(pipeline: Sharp, dimension: number, encoding: JpegEncoding): Promise<EncodedImage> {
    const bytes = await pipeline
      .resize({ width: dimension, height: dimension, fit: 'inside', withoutEnlargement: true })
      .jpeg(encoding)
      .toBuffer();
    return { bytes: new Uint8Array(bytes), contentType: 'image/jpeg', extension: 'jpg' };
  }
}
