import type { CropRect } from './crop-box.ts';

/**
 * Cuts the crop (in canvas coordinates, over the image fitted at `fitted`) out of the
 * full-resolution image and encodes it as a PNG file.
 */
export function cropToPng(
  image: HTMLImageElement,
  fitted: CropRect,
  crop: CropRect,
  name = 'image.png',
): Promise<File | undefined> {
  const scale = image.naturalWidth / fitted.width;
  const sx = (crop.x - fitted.x) * scale;
  const sy = (crop.y - fitted.y) * scale;
  const sw = crop.width * scale;
  const sh = crop.height * scale;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(sw));
  canvas.height = Math.max(1, Math.round(sh));
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(undefined);
  context.drawImage(image, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => {
    canvas.toBlob(
      (blob) => resolve(blob ? new File([blob], name, { type: 'image/png' }) : undefined),
      'image/png',
    );
  });
}
