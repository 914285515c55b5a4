import { bitmapCodec, imageElementCodec } from './picture-codecs';
import { preparedFileName, preparePictureWith, type PreparedPicture } from './picture-preparation';
import type { PictureWorkerAnswer } from './picture-worker';

/** The performance measure of each preparation, for the benchmark and for anyone profiling the page. */
export const PICTURE_PREPARATION_MEASURE = 'swarm:picture-preparation';

/**
 * The picture to upload for the one the reporter picked: prepared in a worker where the browser can (the page stays
 * responsive on a slow phone), else on the page. It never fails: whatever cannot be prepared goes as it is, and the
 * server judges it.
 */
export async function preparePicture(picked: File): Promise<File> {
  const start = performance.now();
  const prepared = await prepareInWorker(picked).catch(() => prepareOnPage(picked));
  performance.measure(PICTURE_PREPARATION_MEASURE, { start, end: performance.now(), detail: prepared.kind });
  if (prepared.kind !== 'prepared') return picked;
  return new File([prepared.picture], preparedFileName(picked.name), { type: 'image/jpeg', lastModified: picked.lastModified });
}

async function prepareOnPage(picked: File): Promise<PreparedPicture> {
  try {
    return await preparePictureWith(picked, typeof createImageBitmap === 'function' ? bitmapCodec : imageElementCodec);
  } catch {
    return { kind: 'as-it-is', reason: 'undecodable' };
  }
}

function prepareInWorker(picked: File): Promise<PreparedPicture> {
  if (typeof Worker === 'undefined') return Promise.reject(new Error('no workers here'));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./picture-worker.ts', import.meta.url), { type: 'module' });
    const finish = () => worker.terminate();
    worker.addEventListener('message', (event: MessageEvent<PictureWorkerAnswer>) => {
      finish();
      if (event.data.kind === 'failed') reject(new Error(event.data.reason));
      else resolve(event.data);
    });
    worker.addEventListener('error', (event) => {
      finish();
      reject(new Error(event.message || 'the picture worker did not start'));
    });
    worker.postMessage(picked);
  });
}
