import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageStore, StoredImage } from '../../app/ports.js';

/** Names the service generates (a report id and an extension); anything else could leave the directory. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

type ImageFacts = { contentType: string; createdAt: string };

/**
 * Pictures as files in a directory (the embedded product's data directory), so a process that keeps its records in
 * memory does not also keep every picture in its heap. Each picture is two files, its bytes and its facts (content type,
 * creation time); each is written to a temporary name and renamed, so a reader never sees half a picture.
 */
export class FileImageStore implements ImageStore {
  private ready: Promise<unknown> | undefined;

  constructor(private readonly directory: string) {}

  async save(image: StoredImage): Promise<void> {
    const path = this.pathOf(image.name);
    await (this.ready ??= mkdir(this.directory, { recursive: true }));
    const facts: ImageFacts = { contentType: image.contentType, createdAt: image.createdAt.toISOString() };
    // Both files at once: each write is four trips to the thread pool (open, write, close, rename), and under load
    // each trip waits for a turn of the event loop. A picture is found only once both are there (find reads both), and
    // no report names it before save has answered.
    await Promise.all([writeAtomically(`${path}.json`, JSON.stringify(facts)), writeAtomically(path, image.bytes)]);
  }

  async find(name: string): Promise<StoredImage | undefined> {
    if (!SAFE_NAME.test(name)) return undefined;
    const path = this.pathOf(name);
    try {
      const [bytes, factsText] = await Promise.all([readFile(path), readFile(`${path}.json`, 'utf8')]);
      const facts = JSON.parse(factsText) as ImageFacts;
      return { name, contentType: facts.contentType, createdAt: new Date(facts.createdAt), bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** The bytes go first: without them the picture is no longer found, and facts left by a stopped removal go with the next. */
  async remove(name: string): Promise<void> {
    if (!SAFE_NAME.test(name)) return;
    const path = this.pathOf(name);
    await rm(path, { force: true });
    await rm(`${path}.json`, { force: true });
  }

  private pathOf(name: string): string {
    if (!SAFE_NAME.test(name)) throw new Error(`not a picture name this store keeps: ${JSON.stringify(name)}`);
    return join(this.directory, name);
  }
}

async function writeAtomically(path: string, content: string | Uint8Array): Promise<void> {
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, content);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
