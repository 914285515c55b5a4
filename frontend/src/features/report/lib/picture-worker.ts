import { bitmapCodec, canPrepareOffscreen } from './picture-codecs';
import { preparePictureWith, type PreparedPicture } from './picture-preparation';

/** What the worker answers: the preparation, or why it could not do it here (the page then tries itself). */
export type PictureWorkerAnswer = PreparedPicture | { kind: 'failed'; reason: string };

/** The worker's global scope, typed by hand: the frontend compiles against the DOM's types, not the worker's. */
const scope = self as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<Blob>) => void): void;
  postMessage(answer: PictureWorkerAnswer): void;
};

scope.addEventListener('message', (event) => {
  const answer = async (): Promise<PictureWorkerAnswer> => {
    if (!canPrepareOffscreen()) return { kind: 'failed', reason: 'no OffscreenCanvas or createImageBitmap in workers here' };
    try {
      return await preparePictureWith(event.data, bitmapCodec);
    } catch (error) {
      return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
  };
  void answer().then((result) => scope.postMessage(result));
});
