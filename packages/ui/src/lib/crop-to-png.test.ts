import { afterEach, describe, expect, it, vi } from 'vitest';
import { cropToPng } from './crop-to-png.ts';

afterEach(() => vi.restoreAllMocks());

describe('cropToPng', () => {
  it('cuts the crop out of the full-size image and encodes a PNG file', async () => {
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
    } as unknown as CanvasRenderingContext2D);
    let type: string | undefined;
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function toBlob(callback, mime) {
      type = mime;
      callback(new Blob(['png'], { type: 'image/png' }));
    });
    const image = document.createElement('img');
    Object.defineProperty(image, 'naturalWidth', { value: 1200 });

    // A 1200×600 image fitted at 300×150 (scale 4); crop 50×50 at (10, 85) → 200×200 at (40, 40).
    const file = await cropToPng(
      image,
      { x: 0, y: 75, width: 300, height: 150 },
      { x: 10, y: 85, width: 50, height: 50 },
    );

    expect(drawImage).toHaveBeenCalledWith(image, 40, 40, 200, 200, 0, 0, 200, 200);
    expect(type).toBe('image/png');
    expect(file).toBeInstanceOf(File);
    expect(file?.type).toBe('image/png');
    expect(file?.name).toBe('image.png');
  });

  it('gives nothing where the browser has no canvas', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const image = document.createElement('img');

    await expect(
      cropToPng(image, { x: 0, y: 0, width: 300, height: 300 }, { x: 0, y: 0, width: 10, height: 10 }),
    ).resolves.toBeUndefined();
  });
});
