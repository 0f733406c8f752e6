import Fastify from 'fastify';

// The baseline of the API benchmark: a bare Fastify answering a small JSON body, nothing else.
// It also replays answers the bench hands it (`PUT /answers/:name`, then `GET /answers/:name`):
// the same bytes as an endpoint's answer, sent from memory with no work at all, which is the
// ceiling any server on this machine could reach for an answer of that size. An answer handed over
// compressed (`x-answer-encoding`) is sent with that `content-encoding`, as the platform sent it.
const app = Fastify({ logger: false, bodyLimit: 64 * 2 ** 20 });
const answers = new Map<string, { bytes: Buffer; encoding: string | undefined }>();
app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
  done(null, body),
);
app.get('/hello', async () => ({ data: { hello: 'world' } }));
app.put<{ Params: { name: string }; Body: Buffer }>('/answers/:name', async (request, reply) => {
  const encoding = request.headers['x-answer-encoding'];
  answers.set(request.params.name, {
    bytes: request.body,
    encoding: typeof encoding === 'string' ? encoding : undefined,
  });
  return reply.code(204).send();
});
app.get<{ Params: { name: string } }>('/answers/:name', async (request, reply) => {
  const answer = answers.get(request.params.name);
  if (!answer) return reply.code(404).send({ error: 'no such answer' });
  reply.type('application/json; charset=utf-8');
  if (answer.encoding) reply.header('content-encoding', answer.encoding).header('vary', 'accept-encoding');
  return reply.send(answer.bytes);
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
