import sharp, { type Sharp } from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import type { ProcessedImage } from '../../app/ports.js';
import { plainPng } from '@swarm/testing';
import { MAX_IMAGE_PIXELS } from '../../domain/report.js';
import { SharpImageProcessor } from './sharp-image-processor.js';

/** A real JPEG carrying EXIF with GPS coordinates, as a phone camera writes it. */
async function phoneJpeg(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c08020' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1' } })
    .toBuffer();
}

describe('SharpImageProcessor', () => {
  const processor = new SharpImageProcessor({ maxDimension: 400, thumbnailDimension: 100 });

  it('confirms the test picture does carry EXIF before processing', async () => {
    expect((await sharp(await phoneJpeg()).metadata()).exif).toBeDefined();
  });

  it('re-encodes a phone picture as JPEG without any EXIF or GPS metadata', async () => {
    const { image } = await processor.process(await phoneJpeg());
    const metadata = await sharp(image.bytes).metadata();
    expect(image.contentType).toBe('image/jpeg');
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(Buffer.from(image.bytes).includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('encodes again a picture already within the stored size, as the browser prepares them: what it sent is never kept', async () => {
    const prepared = await phoneJpeg(300, 200);
    const { image } = await processor.process(prepared);
    expect(Buffer.from(image.bytes).equals(prepared)).toBe(false);
    expect((await sharp(image.bytes).metadata()).exif).toBeUndefined();
    expect(Buffer.from(image.bytes).includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('turns a picture upright by its EXIF orientation', async () => {
    // Orientation 6: the camera was held upright, the pixels lie on their side (landscape in the file).
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c08020' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { image } = await processor.process(sideways);
    expect(await sharp(image.bytes).metadata()).toMatchObject({ width: 200, height: 300 });
  });

  it('bounds the picture and makes a smaller thumbnail, keeping the proportions', async () => {
    const { image, thumbnail } = await processor.process(await phoneJpeg(800, 600));
    expect(await sharp(image.bytes).metadata()).toMatchObject({ width: 400, height: 300 });
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ width: 100, height: 75 });
  });

  it.each([
    ['PNG', (s: Sharp) => s.png()],
    ['WebP', (s: Sharp) => s.webp()],
    ['GIF', (s: Sharp) => s.gif()],
    ['AVIF', (s: Sharp) => s.avif()],
  ])('accepts a %s picture', async (_format, encode) => {
    const upload = await encode(sharp({ create: { width: 40, height: 30, channels: 4, background: '#00000000' } })).toBuffer();
    const { image } = await processor.process(upload);
    expect((await sharp(image.bytes).metadata()).format).toBe('jpeg');
  });

  it('refuses bytes that are not a picture', async () => {
    await expect(processor.process(Buffer.from('<html>not a picture</html>'))).rejects.toMatchObject({ code: 'REPORT.INVALID_IMAGE' });
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await phoneJpeg();
    await expect(processor.process(jpeg.subarray(0, jpeg.length / 2))).rejects.toMatchObject({ code: 'REPORT.INVALID_IMAGE' });
  });

  it('refuses an SVG even though the codec could draw it', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await expect(processor.process(svg)).rejects.toMatchObject({ code: 'REPORT.INVALID_IMAGE' });
  });

  describe('the pixel limit', () => {
    const limited = new SharpImageProcessor({ maxInputPixels: 100 * 80 });

    it('accepts a picture of exactly the limit', async () => {
      expect((await limited.process(plainPng(100, 80))).image.contentType).toBe('image/jpeg');
    });

    it('refuses a picture one row over the limit as too large', async () => {
      await expect(limited.process(plainPng(100, 81))).rejects.toMatchObject({ code: 'REPORT.IMAGE_TOO_LARGE' });
    });

    it('refuses a JPEG over the limit as too large', async () => {
      await expect(limited.process(await phoneJpeg(200, 200))).rejects.toMatchObject({ code: 'REPORT.IMAGE_TOO_LARGE' });
    });

    it('is MAX_IMAGE_PIXELS by default: an 8,000×8,000 PNG of 8 KB is too large', async () => {
      expect(8000 * 8000).toBeGreaterThan(MAX_IMAGE_PIXELS);
      await expect(new SharpImageProcessor().process(plainPng(8000, 8000))).rejects.toMatchObject({ code: 'REPORT.IMAGE_TOO_LARGE' });
    });

    it('refuses from the header alone, without decoding: pixel data that cannot be decoded is still "too large"', async () => {
      const corrupt = plainPng(100, 81, { pixels: 'corrupt' });
      await expect(limited.process(corrupt)).rejects.toMatchObject({ code: 'REPORT.IMAGE_TOO_LARGE' });
      // The same broken data under the limit reaches the decoder, which refuses it.
      await expect(limited.process(plainPng(100, 80, { pixels: 'corrupt' }))).rejects.toMatchObject({ code: 'REPORT.INVALID_IMAGE' });
    });
  });

  describe('decoding at most decodeConcurrency pictures at once', () => {
    /** The real processor, recording how many decodes run at once and holding them until the test lets them go. */
    class RecordingProcessor extends SharpImageProcessor {
      headersRead = 0;
      decoding = 0;
      highestDecoding = 0;
      private hold = true;
      private readonly held: (() => void)[] = [];

      protected override async readHeader(upload: Uint8Array): Promise<Sharp> {
        const source = await super.readHeader(upload);
        this.headersRead += 1;
        return source;
      }

      protected override async reencode(source: Sharp): Promise<ProcessedImage> {
        this.decoding += 1;
        this.highestDecoding = Math.max(this.highestDecoding, this.decoding);
        try {
          if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
          return await super.reencode(source);
        } finally {
          this.decoding -= 1;
        }
      }

      releaseAll(): void {
        this.hold = false;
        for (const release of this.held.splice(0)) release();
      }
    }

    it('decodes 2 of 8 simultaneous pictures while the other 6 wait, then all of them', async () => {
      const processor = new RecordingProcessor({ maxDimension: 400, thumbnailDimension: 100, decodeConcurrency: 2 });
      const uploads = await Promise.all(Array.from({ length: 8 }, () => phoneJpeg(200, 150)));
      const results = uploads.map((upload) => processor.process(upload));
      // Every header is read at once; any decode not held back by the limit has started by the next turn.
      await vi.waitFor(() => expect(processor.headersRead).toBe(8));
      await new Promise((resolve) => setImmediate(resolve));
      expect(processor.decoding).toBe(2);
      processor.releaseAll();
      const processed = await Promise.all(results);
      expect(processor.highestDecoding).toBe(2);
      for (const { image } of processed) expect(await sharp(image.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 200 });
    });

    it('refuses a picture over the pixel limit without taking a decode slot', async () => {
      const processor = new RecordingProcessor({ maxInputPixels: 100 * 80, decodeConcurrency: 1 });
      processor.releaseAll();
      await expect(processor.process(plainPng(100, 81))).rejects.toMatchObject({ code: 'REPORT.IMAGE_TOO_LARGE' });
      expect(processor.highestDecoding).toBe(0);
    });

    it('frees the slot of a picture that fails to decode', async () => {
      const processor = new SharpImageProcessor({ decodeConcurrency: 1 });
      const jpeg = await phoneJpeg();
      const truncated = jpeg.subarray(0, jpeg.length / 2);
      const failures = await Promise.allSettled(Array.from({ length: 3 }, () => processor.process(truncated)));
      expect(failures.map((failure) => failure.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect((await processor.process(jpeg)).image.contentType).toBe('image/jpeg');
    });
  });
});
