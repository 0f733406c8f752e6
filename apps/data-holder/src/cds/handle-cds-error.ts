import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CdsError } from './cds-error.ts';

/** Every failure under the holder's prefix leaves as a CDS error body, never a stack trace. */
export function handleCdsError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof CdsError) return reply.status(error.statusCode).send(error.toBody());
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (statusCode < 500) {
    return reply.status(400).send(new CdsError('invalidField', error.message).toBody());
  }
  request.log.error({ err: error }, 'data holder failure');
  return reply.status(500).send(new CdsError('unexpectedError', 'the data holder failed').toBody());
}
