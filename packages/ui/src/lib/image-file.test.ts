import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchImageFile,
  IMAGE_ACCEPTED_TYPES,
  IMAGE_HELP_TEXT,
  IMAGE_INVALID_MESSAGE,
  IMAGE_MAX_FILE_SIZE,
  isValidImageFile,
} from './image-file.ts';

afterEach(() => vi.restoreAllMocks());

describe('image file rules', () => {
  it('defaults to 8 MB of PNG or JPEG, with the spec wording', () => {
    expect(IMAGE_MAX_FILE_SIZE).toBe(8 * 1024 * 1024);
    expect(IMAGE_ACCEPTED_TYPES).toEqual(['image/png', 'image/jpeg']);
    expect(IMAGE_INVALID_MESSAGE).toBe('Please upload a valid file');
    expect(IMAGE_HELP_TEXT).toBe('Recommended 300 x 300 or larger. Max 8MB.');
  });

  it('rejects files over the maximum size or of another type', () => {
    expect(isValidImageFile({ size: 8 * 1024 * 1024, type: 'image/png' })).toBe(true);
    expect(isValidImageFile({ size: 8 * 1024 * 1024 + 1, type: 'image/png' })).toBe(false);
    expect(isValidImageFile({ size: 10, type: 'image/jpeg' })).toBe(true);
    expect(isValidImageFile({ size: 10, type: 'image/heic' })).toBe(false);
    expect(isValidImageFile({ size: 10, type: 'image/heic' }, ['image/heic'], 100)).toBe(true);
    expect(isValidImageFile({ size: 101, type: 'image/heic' }, ['image/heic'], 100)).toBe(false);
  });
});

describe('fetchImageFile', () => {
  it('turns a fetched image into a File named after the URL', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('x', { headers: { 'content-type': 'image/png' } }),
    );

    const file = await fetchImageFile('https://cdn.example/logos/acme.png?v=2');

    expect(file).toBeInstanceOf(File);
    expect(file?.name).toBe('acme.png');
    expect(file?.type).toBe('image/png');
  });

  it('only logs a failed fetch', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 404 }));

    await expect(fetchImageFile('/missing.png')).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledOnce();
  });
});
