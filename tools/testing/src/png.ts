import { crc32, deflateSync } from 'node:zlib';

/**
 * A black 1-bit greyscale PNG: a picture of many megapixels in a few kilobytes, to test pixel limits without
 * shipping large files. With `pixels: 'corrupt'` only the header is right and the pixel data cannot be decoded,
 * which tells a refusal read from the header from one that decoded the picture.
 */
export function plainPng(width: number, height: number, options: { pixels?: 'valid' | 'corrupt' } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  // Each row is a filter byte (0, none) and ceil(width / 8) bytes of pixels.
  const pixels = options.pixels === 'corrupt' ? Buffer.from('not deflated pixel data') : deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * height));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}
