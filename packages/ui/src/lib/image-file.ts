/** Spec §5, §9: the image picker's defaults. */
export const IMAGE_MAX_FILE_SIZE = 8 * 1024 * 1024;
export const IMAGE_ACCEPTED_TYPES = ['image/png', 'image/jpeg'];
export const IMAGE_INVALID_MESSAGE = 'Please upload a valid file';
export const IMAGE_HELP_TEXT = 'Recommended 300 x 300 or larger. Max 8MB.';

/** Invalid when bigger than the maximum or not one of the accepted types. */
export function isValidImageFile(
  file: Pick<File, 'size' | 'type'>,
  acceptedTypes: readonly string[] = IMAGE_ACCEPTED_TYPES,
  maxFileSize: number = IMAGE_MAX_FILE_SIZE,
): boolean {
  return file.size <= maxFileSize && acceptedTypes.includes(file.type);
}

/** Downloads an image and wraps it as a File; a failure is logged and gives undefined. */
export async function fetchImageFile(url: string): Promise<File | undefined> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Image request failed with status ${response.status}`);
    const blob = await response.blob();
    const name = new URL(url, window.location.href).pathname.split('/').pop() || 'image';
    return new File([blob], name, { type: blob.type });
  } catch (error) {
    console.error('Could not load the image to edit', error);
    return undefined;
  }
}
