import fastifyMultipart from '@fastify/multipart';
import { apiRequestHeadersSchema, imageListResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseAnonymousBody, requireAdminUser } from '../../../access/require-principal.ts';
import { AppError } from '../../../errors/app-error.ts';
import { listImages, saveImage } from '../../../images/images-repository.ts';
import { sniffImageType } from '../../../images/sniff-image-type.ts';
import { documentedRequestBody } from '../../../plugins/openapi.ts';
import { errorResponses } from '../../v2/error-responses.ts';

/**
 * The image picker's limits (spec §5, §9): 8 MB, PNG or JPEG (HEIC from phones too), declared so by
 * the part and found so in its first bytes.
 */
const maxImageBytes = 8 * 1024 * 1024;
const acceptedTypes = new Set(['image/png', 'image/jpeg', 'image/heic']);
/** Room for the part's boundary lines and headers around the file: a body declared longer cannot hold an allowed image. */
const multipartFramingBytes = 16 * 1024;
/** Form fields allowed beside the file (the portal sends none). */
const maxFields = 4;

/** `POST api/adviser/images/upload` (multipart, one `file` part) (spec §7 Adviser). */
export const postAdviserImageUploadRoute: FastifyPluginAsyncZod = async (app) => {
  // One file and at most a few short fields. The parser keeps every field before the file in memory,
  // and by default took 1,000 parts of 1 MB each: a body sent without Content-Length (chunked) got
  // past the check below and could hold a gigabyte (before 2026-12-01). A field past 1 KB is cut.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: maxImageBytes,
      files: 1,
      fields: maxFields,
      fieldSize: 1024,
      parts: maxFields + 1,
      headerPairs: 20,
    },
  });
  app.post(
    '/adviser/images/upload',
    {
      preParsing: refuseAnonymousBody,
      config: {
        swaggerTransform: documentedRequestBody(['multipart/form-data'], {
          description: 'One part named `file`: the image.',
          type: 'object',
          properties: {
            file: { type: 'string', format: 'binary', description: 'PNG, JPEG or HEIC, at most 8 MB' },
          },
          required: ['file'],
        }),
      },
      schema: {
        tags: ['adviser'],
        headers: apiRequestHeadersSchema,
        description:
          'Uploads an image (multipart/form-data, one file, PNG, JPEG or HEIC, at most 8 MB). A practice keeps at most 200 images and 256 MB of them (403 past it).',
        response: {
          201: imageListResponseSchema,
          413: errorResponses[400],
          415: errorResponses[400],
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const principal = requireAdminUser(request);
      // Refused before a byte is read, and the connection closed rather than the rest read and dropped.
      if (Number(request.headers['content-length']) > maxImageBytes + multipartFramingBytes) {
        reply.header('connection', 'close');
        throw new AppError('payload_too_large', 'The image is larger than 8 MB');
      }
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Send the image as multipart/form-data');
      const file = await request.file().catch(notMultipart);
      if (!file)
        throw new AppError('validation_failed', 'body.file: an image file is required', {
          fields: [{ field: 'body.file', message: 'is required' }],
        });
      if (!acceptedTypes.has(file.mimetype))
        throw new AppError('unsupported_media_type', 'The image must be PNG, JPEG or HEIC');
      const content = await file.toBuffer().catch(notMultipart);
      // The bytes decide what the file is, not the part's Content-Type (kept and served as sniffed).
      const type = sniffImageType(content);
      if (!type) throw new AppError('unsupported_media_type', 'The image must be PNG, JPEG or HEIC');
      const id = await saveImage(app.database.db, principal, content, type);
      const images = await listImages(app.database.db, principal, '/api/adviser/images');
      return reply.code(201).send({ data: images.filter((image) => image.id === id) });
    },
  );
};

/**
 * The multipart parser's refusal as the caller's error: the file past 8 MB is 413; a body that is
 * not the multipart it says (no boundary, a part cut short) is 400, not a failure of ours.
 */
function notMultipart(error: unknown): never {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    throw new AppError('payload_too_large', 'The image is larger than 8 MB', { cause: error });
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT')
    throw new AppError(
      'payload_too_large',
      `Send the image in one part named “file”, with at most ${maxFields} other fields`,
      {
        cause: error,
      },
    );
  throw new AppError('validation_failed', 'The body is not valid multipart/form-data', {
    cause: error,
    fields: [{ field: 'body', message: 'is not valid multipart/form-data' }],
  });
}
