import { Binary, type Collection, type Db } from 'mongodb';
import type { ImageStore, StoredImage } from '../../app/ports.js';

type ImageDocument = { _id: string; contentType: string; data: Binary; createdAt: Date };

/**
 * One document per picture with its bytes as BSON binary: a re-encoded report picture is well under MongoDB's
 * 16 MB document limit (the gateway caps uploads and the processor bounds the dimensions), so GridFS's chunking
 * is not needed.
 */
export class MongoImageStore implements ImageStore {
  private readonly collection: Collection<ImageDocument>;

  constructor(db: Db) {
    this.collection = db.collection<ImageDocument>('report_images');
  }

  async save(image: StoredImage): Promise<void> {
    await this.collection.replaceOne(
      { _id: image.name },
      { contentType: image.contentType, data: new Binary(image.bytes), createdAt: image.createdAt },
      { upsert: true },
    );
  }

  async find(name: string): Promise<StoredImage | undefined> {
    const document = await this.collection.findOne({ _id: name });
    if (!document) return undefined;
    return { name: document._id, contentType: document.contentType, bytes: new Uint8Array(document.data.buffer), createdAt: document.createdAt };
  }

  async remove(name: string): Promise<void> {
    await this.collection.deleteOne({ _id: name });
  }
}
