import { imageListResponseSchema } from '@waratah/contracts';
import * as z from 'zod/mini';
import type { ApiClient } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

export type UploadedImage = z.infer<typeof imageListResponseSchema>['data'][number];

export interface ImageUpload {
  /** The bytes: a File from a picker, or any Blob (the image editor emits a PNG). */
  file: Blob;
  /** Sent as the part's file name; defaults to the File's own name, else `image`. */
  fileName?: string;
  /** Sent as the part's content type; defaults to the Blob's type. The platform takes PNG, JPEG and HEIC. */
  contentType?: string;
}

/**
 * `POST api/adviser/images/upload` (spec §7 Adviser): one image as multipart/form-data, in a part
 * named `file`, for a goal or a practice logo. The platform refuses another type with a 415
 * ApiError and more than 8 MB with a 413 ApiError; the SDK does not pre-judge either.
 */
export async function uploadAdviserImage(
  client: ApiClient,
  upload: ImageUpload,
  options: CallOptions = {},
): Promise<UploadedImage> {
  const contentType = upload.contentType ?? upload.file.type;
  const fileName = upload.fileName ?? ('name' in upload.file ? String(upload.file.name) : '') ?? '';
  const part =
    contentType === upload.file.type ? upload.file : new Blob([upload.file], { type: contentType });
  const form = new FormData();
  form.append('file', part, fileName || 'image');
  const response = await client.request({
    method: 'POST',
    path: '/api/adviser/images/upload',
    body: form,
    schema: imageListResponseSchema.check(
      z.refine((value) => value.data.length === 1, { message: 'expected the one uploaded image' }),
    ),
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data[0] as UploadedImage;
}
