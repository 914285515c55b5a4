import sharp from 'sharp';

/** A 12-megapixel phone camera's frame, as the sensor lies: landscape, 4:3. */
const WIDTH = 4032;
const HEIGHT = 3024;

/**
 * A stand-in for a 12-megapixel phone picture of about 4 MB, made with sharp: JPEG at quality 92 as cameras write it,
 * with EXIF orientation 6 (the phone held upright, so the picture shows 3024×4032 once turned), a camera maker's name
 * and a GPS position in its EXIF. Its detail is spread over several scales as in a photograph: large soft shapes,
 * mid-sized texture, and pixel-level sensor noise that is most of the file's weight and that scaling down averages away.
 */
export async function twelveMegapixelPhonePicture(): Promise<Buffer> {
  const [shapes, texture] = await Promise.all([noiseLayer(24, 70), noiseLayer(4, 6)]);
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const sensorNoise = 10;
  let state = 12_345;
  for (let index = 0; index < pixels.length; index += 1) {
    // xorshift32: cheap and repeatable, where Math.random is neither.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const noise = ((state >>> 0) % (2 * sensorNoise + 1)) - sensorNoise;
    pixels[index] = Math.max(0, Math.min(255, (shapes[index] ?? 128) + (texture[index] ?? 128) - 128 + noise));
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Gaussian noise drawn at 1/`scale` of the frame and scaled up to it: soft detail of that size. */
async function noiseLayer(scale: number, sigma: number): Promise<Buffer> {
  const width = Math.ceil(WIDTH / scale);
  const height = Math.ceil(HEIGHT / scale);
  const small = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } }).raw().toBuffer();
  return sharp(small, { raw: { width, height, channels: 3 } }).resize(WIDTH, HEIGHT, { kernel: 'cubic', fit: 'fill' }).raw().toBuffer();
}
