import type { DecodedPicture, PictureCodec, PictureSize } from './picture-preparation';

type Drawable = CanvasImageSource;
interface DecodedDrawable extends DecodedPicture {
  source: Drawable;
}

/** The same drawing on both canvases: the 2D context types differ only in what this code does not use. */
type Canvas2D = Pick<CanvasRenderingContext2D, 'drawImage' | 'fillRect' | 'imageSmoothingEnabled' | 'imageSmoothingQuality' | 'fillStyle'>;

async function encodeOn(canvas: OffscreenCanvas | HTMLCanvasElement, decoded: DecodedDrawable, size: PictureSize, quality: number): Promise<Blob> {
  const context = canvas.getContext('2d') as Canvas2D | null;
  if (!context) throw new Error('no 2D canvas here');
  // A transparent PNG would turn black in a JPEG; the server flattens on white too.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(decoded.source, 0, 0, size.width, size.height);
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no JPEG'))), 'image/jpeg', quality);
  });
}

function newCanvas(size: PictureSize): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(size.width, size.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
}

/**
 * createImageBitmap decodes off the page's thread and, with imageOrientation 'from-image', turns the picture upright
 * by its EXIF orientation. Available in workers and pages alike.
 */
export const bitmapCodec: PictureCodec<DecodedDrawable> = {
  async decode(picture) {
    const bitmap = await createImageBitmap(picture, { imageOrientation: 'from-image' });
    return { source: bitmap, size: { width: bitmap.width, height: bitmap.height }, close: () => bitmap.close() };
  },
  encodeJpeg: (decoded, size, quality) => encodeOn(newCanvas(size), decoded, size, quality),
};

/** For a browser without createImageBitmap: an <img> (which browsers show upright by EXIF) drawn on a canvas. */
export const imageElementCodec: PictureCodec<DecodedDrawable> = {
  async decode(picture) {
    const url = URL.createObjectURL(picture);
    const image = new Image();
    image.src = url;
    try {
      await image.decode();
    } catch (error) {
      URL.revokeObjectURL(url);
      throw error;
    }
    return { source: image, size: { width: image.naturalWidth, height: image.naturalHeight }, close: () => URL.revokeObjectURL(url) };
  },
  encodeJpeg: (decoded, size, quality) => encodeOn(newCanvas(size), decoded, size, quality),
};

/** Whether this place (a worker or the page) can prepare a picture without the DOM: bitmaps and an OffscreenCanvas. */
export const canPrepareOffscreen = (): boolean => typeof createImageBitmap === 'function' && typeof OffscreenCanvas !== 'undefined';
