import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { imageStoreContract } from '../image-store.contract.js';
import { FileImageStore } from './file-image-store.js';

const root = mkdtempSync(join(tmpdir(), 'swarm-pictures-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let stores = 0;
const freshDirectory = () => join(root, `store-${(stores += 1)}`);

imageStoreContract('files', async () => new FileImageStore(freshDirectory()));

describe('FileImageStore', () => {
  it('keeps pictures on disk, where a new store over the same directory finds them', async () => {
    const directory = freshDirectory();
    await new FileImageStore(directory).save({ name: 'r1.jpg', contentType: 'image/jpeg', bytes: Uint8Array.from([1, 2, 3]), createdAt: new Date('2026-05-01T10:00:00Z') });
    expect([...(await new FileImageStore(directory).find('r1.jpg'))!.bytes]).toEqual([1, 2, 3]);
    expect(readdirSync(directory).sort()).toEqual(['r1.jpg', 'r1.jpg.json']);
  });

  it('never reads or writes outside its directory, whatever the name', async () => {
    const images = new FileImageStore(freshDirectory());
    for (const name of ['../escape.jpg', '/etc/passwd', '.hidden', 'a/b.jpg', '']) {
      expect(await images.find(name)).toBeUndefined();
      await expect(images.save({ name, contentType: 'image/jpeg', bytes: Uint8Array.from([1]), createdAt: new Date() })).rejects.toThrow('not a picture name');
    }
    expect(readdirSync(root)).not.toContain('escape.jpg');
  });
});
