import { describe, expect, it, vi } from 'vitest';
import {
  fitWithin,
  goesAsItIs,
  LIGHTER_PICTURE_QUALITY,
  PREPARED_PICTURE_MAX_BYTES,
  PREPARED_PICTURE_QUALITY,
  preparedFileName,
  preparePictureWith,
  UNCHANGED_PICTURE_MAX_BYTES,
  type DecodedPicture,
  type PictureCodec,
  type PictureSize,
} from './picture-preparation';

const bytes = (count: number) => new Blob([new Uint8Array(count)], { type: 'image/jpeg' });

/** A codec that "decodes" every picture to the given size and encodes to a blob of the given weight. */
function fakeCodec(decodedSize: PictureSize | Error, encodedBytes = 400_000) {
  const closed = vi.fn();
  const encodeJpeg = vi.fn(async (_decoded: DecodedPicture, _size: PictureSize, _quality: number) => bytes(encodedBytes));
  const codec: PictureCodec = {
    decode: async () => {
      if (decodedSize instanceof Error) throw decodedSize;
      return { size: decodedSize, close: closed };
    },
    encodeJpeg,
  };
  return { codec, encodeJpeg, closed };
}

describe('the size a picture is prepared at', () => {
  it('brings the longest side of a 12-megapixel landscape picture down to 2048 pixels, proportions kept', () => {
    expect(fitWithin({ width: 4032, height: 3024 })).toEqual({ width: 2048, height: 1536 });
  });

  it('does the same for a portrait picture, by its height', () => {
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 1536, height: 2048 });
  });

  it('never enlarges a small picture and never rounds a side to nothing', () => {
    expect(fitWithin({ width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
    expect(fitWithin({ width: 40_000, height: 3 })).toEqual({ width: 2048, height: 1 });
  });
});

describe('which pictures go as they are', () => {
  it('lets a light picture within the stored size go as it is', () => {
    expect(goesAsItIs({ width: 2048, height: 1536 }, UNCHANGED_PICTURE_MAX_BYTES)).toBe(true);
  });

  it('prepares a picture over the stored size, or a heavy one within it', () => {
    expect(goesAsItIs({ width: 2049, height: 1536 }, 100_000)).toBe(false);
    expect(goesAsItIs({ width: 1600, height: 1200 }, UNCHANGED_PICTURE_MAX_BYTES + 1)).toBe(false);
  });
});

describe('preparing a picture', () => {
  it('encodes a big picture as JPEG at the stored size and quality', async () => {
    const { codec, encodeJpeg, closed } = fakeCodec({ width: 4032, height: 3024 });

    const prepared = await preparePictureWith(bytes(4_000_000), codec);

    expect(prepared).toMatchObject({ kind: 'prepared', size: { width: 2048, height: 1536 } });
    expect(encodeJpeg).toHaveBeenCalledWith(expect.anything(), { width: 2048, height: 1536 }, PREPARED_PICTURE_QUALITY);
    expect(encodeJpeg).toHaveBeenCalledOnce();
    expect(closed).toHaveBeenCalledOnce();
  });

  it('encodes once more, lighter, a picture that weighs too much at the stored quality for a slow connection', async () => {
    const { codec, encodeJpeg, closed } = fakeCodec({ width: 4032, height: 3024 }, PREPARED_PICTURE_MAX_BYTES + 1);
    encodeJpeg.mockResolvedValueOnce(bytes(PREPARED_PICTURE_MAX_BYTES + 140_000)).mockResolvedValueOnce(bytes(470_000));

    const prepared = await preparePictureWith(bytes(4_000_000), codec);

    expect(prepared).toMatchObject({ kind: 'prepared', size: { width: 2048, height: 1536 } });
    expect(prepared.kind === 'prepared' && prepared.picture.size).toBe(470_000);
    expect(encodeJpeg.mock.calls.map(([, , quality]) => quality)).toEqual([PREPARED_PICTURE_QUALITY, LIGHTER_PICTURE_QUALITY]);
    expect(closed).toHaveBeenCalledOnce();
  });

  it('keeps the stored quality for a picture exactly at the weight allowed', async () => {
    const { codec, encodeJpeg } = fakeCodec({ width: 4032, height: 3024 }, PREPARED_PICTURE_MAX_BYTES);

    await preparePictureWith(bytes(4_000_000), codec);

    expect(encodeJpeg).toHaveBeenCalledOnce();
  });

  it('sends a small picture as it is, without encoding it again', async () => {
    const { codec, encodeJpeg } = fakeCodec({ width: 1024, height: 768 });

    expect(await preparePictureWith(bytes(200_000), codec)).toEqual({ kind: 'as-it-is', reason: 'small-enough' });
    expect(encodeJpeg).not.toHaveBeenCalled();
  });

  it('sends a picture this browser cannot decode (HEIC in most) as it is, for the server to read', async () => {
    const { codec } = fakeCodec(new Error('The source image could not be decoded.'));

    expect(await preparePictureWith(bytes(3_000_000), codec)).toEqual({ kind: 'as-it-is', reason: 'undecodable' });
  });

  it('keeps the picked picture when the encoding would not make it lighter', async () => {
    const { codec } = fakeCodec({ width: 4032, height: 3024 }, 900_000);

    expect(await preparePictureWith(bytes(800_000), codec)).toEqual({ kind: 'as-it-is', reason: 'no-smaller' });
  });

  it('lets a failed encoding through to the caller, which tries elsewhere, and still releases the decoded picture', async () => {
    const { codec, encodeJpeg, closed } = fakeCodec({ width: 4032, height: 3024 });
    encodeJpeg.mockRejectedValueOnce(new Error('no 2D canvas here'));

    await expect(preparePictureWith(bytes(4_000_000), codec)).rejects.toThrow('no 2D canvas here');
    expect(closed).toHaveBeenCalledOnce();
  });
});

describe('the prepared file name', () => {
  it('keeps the picked name with a .jpg extension', () => {
    expect(preparedFileName('IMG_0042.HEIC')).toBe('IMG_0042.jpg');
    expect(preparedFileName('swarm.in.tree.png')).toBe('swarm.in.tree.jpg');
    expect(preparedFileName('photo')).toBe('photo.jpg');
    expect(preparedFileName('.jpeg')).toBe('swarm.jpg');
  });
});
