import { z } from 'zod';

/** An adviser's uploaded image (logos); the bytes are served at `url`. */
export const imageSchema = z.object({
  id: z.number().int(),
  content_type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  url: z.string(),
  created_at: z.string(),
});
export const imageListResponseSchema = z.object({ data: z.array(imageSchema) });
