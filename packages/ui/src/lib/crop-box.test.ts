import { describe, expect, it } from 'vitest';
import {
  CROP_CANVAS_SIZE,
  CROP_HANDLE_SIZE,
  CROP_MIN_SIZE,
  dragCrop,
  fitImage,
  hitCrop,
} from './crop-box.ts';

const bounds = { x: 0, y: 0, width: 300, height: 300 };
const rect = { x: 100, y: 100, width: 100, height: 100 };

describe('crop box', () => {
  it('uses a 300 px canvas, a 10 px minimum crop and a 5 px handle', () => {
    expect([CROP_CANVAS_SIZE, CROP_MIN_SIZE, CROP_HANDLE_SIZE]).toEqual([300, 10, 5]);
  });

  it('grabs a corner within 5 px, else the box, else nothing', () => {
    expect(hitCrop(rect, 95, 95)).toBe('nw');
    expect(hitCrop(rect, 205, 100)).toBe('ne');
    expect(hitCrop(rect, 100, 204)).toBe('sw');
    expect(hitCrop(rect, 200, 200)).toBe('se');
    expect(hitCrop(rect, 94, 94)).toBeUndefined();
    expect(hitCrop(rect, 150, 150)).toBe('move');
    expect(hitCrop(rect, 106, 106)).toBe('move');
    expect(hitCrop(rect, 250, 250)).toBeUndefined();
  });

  it('moves the box without leaving the bounds', () => {
    expect(dragCrop(rect, 'move', 20, -30, bounds)).toEqual({ x: 120, y: 70, width: 100, height: 100 });
    expect(dragCrop(rect, 'move', 500, -500, bounds)).toEqual({ x: 200, y: 0, width: 100, height: 100 });
  });

  it('resizes from a corner, keeping the opposite corner and the bounds', () => {
    expect(dragCrop(rect, 'se', 30, 10, bounds)).toEqual({ x: 100, y: 100, width: 130, height: 110 });
    expect(dragCrop(rect, 'nw', -20, -200, bounds)).toEqual({ x: 80, y: 0, width: 120, height: 200 });
    expect(dragCrop(rect, 'ne', 500, 0, bounds)).toEqual({ x: 100, y: 100, width: 200, height: 100 });
  });

  it('never shrinks below 10 px', () => {
    expect(dragCrop(rect, 'se', -200, -95, bounds)).toEqual({ x: 100, y: 100, width: 10, height: 10 });
    expect(dragCrop(rect, 'nw', 200, 200, bounds)).toEqual({ x: 190, y: 190, width: 10, height: 10 });
  });

  it('fits an image inside the canvas, centred', () => {
    expect(fitImage(600, 300)).toEqual({ x: 0, y: 75, width: 300, height: 150 });
    expect(fitImage(100, 200)).toEqual({ x: 75, y: 0, width: 150, height: 300 });
  });
});
