import { beforeEach, describe, expect, it } from 'vitest';
import type { ImageStore } from '../app/ports.js';

/** What every ImageStore adapter must do; `create` gives a fresh, empty store. */
export function imageStoreContract(name: string, create: () => Promise<ImageStore>): void {
  describe(`ImageStore contract: ${name}`, () => {
    let images: ImageStore;
    beforeEach(async () => {
      images = await create();
    });

    it('stores a picture and gives back the same bytes and content type by name', async () => {
      const bytes = Uint8Array.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02, 0xff, 0xd9]);
      const createdAt = new Date('2026-05-01T10:00:00.000Z');
      await images.save({ name: 'a1.jpg', contentType: 'image/jpeg', bytes, createdAt });
      const found = await images.find('a1.jpg');
      expect(found?.contentType).toBe('image/jpeg');
      expect(found?.createdAt).toEqual(createdAt);
      expect(Buffer.from(found!.bytes).equals(Buffer.from(bytes))).toBe(true);
    });

    it('finds nothing under an unknown name', async () => {
      expect(await images.find('missing.jpg')).toBeUndefined();
    });

    it('replaces a picture saved again under the same name', async () => {
      const createdAt = new Date('2026-05-01T10:00:00.000Z');
      await images.save({ name: 'b.jpg', contentType: 'image/jpeg', bytes: Uint8Array.from([1]), createdAt });
      await images.save({ name: 'b.jpg', contentType: 'image/jpeg', bytes: Uint8Array.from([2, 3]), createdAt });
      expect([...(await images.find('b.jpg'))!.bytes]).toEqual([2, 3]);
    });

    it('removes a picture for good, and removing it again or an unknown one does nothing', async () => {
      const createdAt = new Date('2026-05-01T10:00:00.000Z');
      await images.save({ name: 'gone.jpg', contentType: 'image/jpeg', bytes: Uint8Array.from([1, 2]), createdAt });
      await images.save({ name: 'kept.jpg', contentType: 'image/jpeg', bytes: Uint8Array.from([3]), createdAt });
      await images.remove('gone.jpg');
      await images.remove('gone.jpg');
      await images.remove('never-saved.jpg');
      expect(await images.find('gone.jpg')).toBeUndefined();
      expect([...(await images.find('kept.jpg'))!.bytes]).toEqual([3]);
    });

    it('keeps a picture of a few megabytes intact', async () => {
      const bytes = new Uint8Array(3 * 1024 * 1024).map((_, index) => index % 251);
      await images.save({ name: 'big.jpg', contentType: 'image/jpeg', bytes, createdAt: new Date() });
      expect(Buffer.from((await images.find('big.jpg'))!.bytes).equals(Buffer.from(bytes))).toBe(true);
    });
  });
}
