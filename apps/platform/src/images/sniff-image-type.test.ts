import { describe, expect, it } from 'vitest';
import { sniffImageType } from './sniff-image-type.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

describe('sniffImageType', () => {
  it('reads PNG, JPEG and HEIC from their first bytes', () => {
    expect(sniffImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('image/jpeg');
    expect(sniffImageType(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1'))).toBe('image/heic');
    expect(sniffImageType(bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0], 'heic'))).toBe('image/heic');
  });

  it('knows nothing else as an image, however it is named', () => {
    for (const content of [
      bytes('<!doctype html><script>alert(1)</script>'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('GIF89a', [1, 0, 1, 0]),
      bytes('%PDF-1.7'),
      bytes([0, 0, 0, 0x18], 'ftypmp42', [0, 0, 0, 0]),
      bytes([0x89], 'PNG'),
      bytes([0xff, 0xd8]),
      new Uint8Array(),
    ])
      expect(sniffImageType(content)).toBeUndefined();
  });
});
