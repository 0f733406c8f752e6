/** Spec §9: the editor canvas is 300×300, a crop is at least 10 px, a handle catches the pointer within 5 px. */
export const CROP_CANVAS_SIZE = 300;
export const CROP_MIN_SIZE = 10;
export const CROP_HANDLE_SIZE = 5;

export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type CropMode = 'move' | 'nw' | 'ne' | 'sw' | 'se';

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** What a press at (x, y) grabs: a corner handle first, then the box itself, else nothing. */
export function hitCrop(rect: CropRect, x: number, y: number): CropMode | undefined {
  const near = (a: number, b: number) => Math.abs(a - b) <= CROP_HANDLE_SIZE;
  const left = near(x, rect.x);
  const right = near(x, rect.x + rect.width);
  const top = near(y, rect.y);
  const bottom = near(y, rect.y + rect.height);
  if (top && left) return 'nw';
  if (top && right) return 'ne';
  if (bottom && left) return 'sw';
  if (bottom && right) return 'se';
  const inside = x >= rect.x && x <= rect.x + rect.width && y >= rect.y && y <= rect.y + rect.height;
  return inside ? 'move' : undefined;
}

/**
 * The crop after dragging by (dx, dy): a move keeps its size inside the bounds; a corner
 * resizes with the opposite corner fixed and never below the minimum size.
 */
export function dragCrop(rect: CropRect, mode: CropMode, dx: number, dy: number, bounds: CropRect): CropRect {
  const maxX = bounds.x + bounds.width;
  const maxY = bounds.y + bounds.height;
  if (mode === 'move') {
    return {
      ...rect,
      x: clamp(rect.x + dx, bounds.x, maxX - rect.width),
      y: clamp(rect.y + dy, bounds.y, maxY - rect.height),
    };
  }
  let left = rect.x;
  let top = rect.y;
  let right = rect.x + rect.width;
  let bottom = rect.y + rect.height;
  if (mode === 'nw' || mode === 'sw') left = clamp(left + dx, bounds.x, right - CROP_MIN_SIZE);
  if (mode === 'ne' || mode === 'se') right = clamp(right + dx, left + CROP_MIN_SIZE, maxX);
  if (mode === 'nw' || mode === 'ne') top = clamp(top + dy, bounds.y, bottom - CROP_MIN_SIZE);
  if (mode === 'sw' || mode === 'se') bottom = clamp(bottom + dy, top + CROP_MIN_SIZE, maxY);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Where an image of the given size sits when fitted inside the canvas, centred. */
export function fitImage(width: number, height: number, size = CROP_CANVAS_SIZE): CropRect {
  const scale = Math.min(size / width, size / height);
  const fittedWidth = width * scale;
  const fittedHeight = height * scale;
  return {
    x: (size - fittedWidth) / 2,
    y: (size - fittedHeight) / 2,
    width: fittedWidth,
    height: fittedHeight,
  };
}
