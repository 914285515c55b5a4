import type { ImageStore, StoredImage } from '../../app/ports.js';

export class MemoryImageStore implements ImageStore {
  private readonly images = new Map<string, StoredImage>();

  async save(image: StoredImage): Promise<void> {
    this.images.set(image.name, { ...image, bytes: new Uint8Array(image.bytes) });
  }

  async find(name: string): Promise<StoredImage | undefined> {
    const image = this.images.get(name);
    return image && { ...image, bytes: new Uint8Array(image.bytes) };
  }

  async remove(name: string): Promise<void> {
    this.images.delete(name);
  }
}
