import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
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

  it('refuses a picture whose bitmap would be larger than the pixel limit', async () => {
    const small = new SharpImageProcessor({ maxInputPixels: 100 * 100 });
    await expect(small.process(await phoneJpeg(200, 200))).rejects.toMatchObject({ code: 'REPORT.INVALID_IMAGE' });
  });
});
