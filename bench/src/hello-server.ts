import Fastify from 'fastify';

// The baseline of the API benchmark: a bare Fastify answering a small JSON body, nothing else.
// It also replays answers the bench hands it (`PUT /answers/:name`, then `GET /answers/:name`):
// the same bytes as an endpoint's answer, sent from memory with no work at all, which is the
// ceiling any server on this machine could reach for an answer of that size.
const app = Fastify({ logger: false, bodyLimit: 64 * 2 ** 20 });
const answers = new Map<string, Buffer>();
app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
  done(null, body),
);
app.get('/hello', async () => ({ data: { hello: 'world' } }));
app.put<{ Params: { name: string }; Body: Buffer }>('/answers/:name', async (request, reply) => {
  answers.set(request.params.name, request.body);
  return reply.code(204).send();
});
app.get<{ Params: { name: string } }>('/answers/:name', async (request, reply) => {
  const answer = answers.get(request.params.name);
  if (!answer) return reply.code(404).send({ error: 'no such answer' });
  return reply.type('application/json; charset=utf-8').send(answer);
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
