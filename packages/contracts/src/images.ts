import * as z from 'zod/mini';

/** An adviser's uploaded image (logos); the bytes are served at `url`. */
export const imageSchema = z.object({
  id: z.int(),
  content_type: z.string(),
  size: z.int(),
  sha256: z.string(),
  url: z.string(),
  created_at: z.string(),
});
export const imageListResponseSchema = z.object({ data: z.array(imageSchema) });
