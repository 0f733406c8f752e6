import type { imageSchema } from '@waratah/contracts';
import type * as z from 'zod/mini';
import { createBlobCalls } from '../blob-calls.ts';
import type { ApiClientOptions } from '../create-api-client.ts';
import type { CallOptions } from '../on-behalf.ts';

export interface DownloadedImage {
  blob: Blob;
  contentType: string;
}

export interface ImageDownloads {
  /**
   * `GET api/adviser/images/{id}/content` (spec §7 Others: the image picker fetches an image by
   * URL to turn it into a file): the bytes of one of the adviser's images, by its listed `url`.
   */
  downloadImage(
    image: Pick<z.infer<typeof imageSchema>, 'url'>,
    options?: CallOptions,
  ): Promise<DownloadedImage>;
}

/** Image bytes, built with the same options as `createApiClient`; 404 ApiError for another's image. */
export function createImageDownloads(options: ApiClientOptions): ImageDownloads {
  const { headers, send } = createBlobCalls(options);
  return {
    async downloadImage(image, call = {}) {
      const response = await send(image.url, { method: 'GET', headers: headers(call, {}) }, call);
      const blob = await response.blob();
      return { blob, contentType: response.headers.get('content-type') ?? blob.type };
    },
  };
}
