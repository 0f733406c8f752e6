import type { CropRect } from './crop-box.ts';

function cssColour(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

/** Paints the fitted image, dims what lies outside the crop and outlines the crop with its corner handles. */
export function drawCropView(
  context: CanvasRenderingContext2D,
  image: HTMLImageElement,
  fitted: CropRect,
  crop: CropRect,
) {
  const { width, height } = context.canvas;
  const accent = cssColour(context.canvas, '--tenant-primary', 'black');
  context.clearRect(0, 0, width, height);
  context.drawImage(image, fitted.x, fitted.y, fitted.width, fitted.height);
  context.save();
  context.fillStyle = 'rgb(0 0 0 / 0.5)';
  context.beginPath();
  context.rect(0, 0, width, height);
  context.rect(crop.x, crop.y, crop.width, crop.height);
  context.fill('evenodd');
  context.restore();
  context.strokeStyle = accent;
  context.lineWidth = 2;
  context.strokeRect(crop.x, crop.y, crop.width, crop.height);
  context.fillStyle = accent;
  for (const [x, y] of [
    [crop.x, crop.y],
    [crop.x + crop.width, crop.y],
    [crop.x, crop.y + crop.height],
    [crop.x + crop.width, crop.y + crop.height],
  ] as const) {
    context.fillRect(x - 4, y - 4, 8, 8);
  }
}
