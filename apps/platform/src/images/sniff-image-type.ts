/** The image types an adviser may upload (spec §5, §9): PNG, JPEG, and HEIC from phones. */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/heic';

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpeg = [0xff, 0xd8, 0xff];
/** ISO base media brands of HEIF images (HEVC-coded, and the image-sequence and generic ones). */
const heifBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * What an uploaded file is, read from its first bytes, whatever its part's Content-Type says: a
 * page or a script declared `image/png` is no image. Undefined for anything but the three types.
 * The stored and served type is this one, never the caller's.
 */
export function sniffImageType(content: Uint8Array): ImageType | undefined {
  if (startsWith(content, png)) return 'image/png';
  if (startsWith(content, jpeg)) return 'image/jpeg';
  // HEIF: a first box `ftyp` (bytes 4–7) whose major brand (bytes 8–11) is a HEIF image brand.
  if (content.length >= 12 && ascii(content, 4, 8) === 'ftyp' && heifBrands.has(ascii(content, 8, 12)))
    return 'image/heic';
  return undefined;
}

function startsWith(content: Uint8Array, signature: readonly number[]): boolean {
  return content.length >= signature.length && signature.every((byte, index) => content[index] === byte);
}

function ascii(content: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...content.subarray(start, end));
}
