import Fastify from 'fastify';
import { banks } from './data/banks.ts';
import { registerDataHolder } from './register-data-holder.ts';

/** The holder on its own port (DATA_HOLDER_PORT, default 8090), for running it apart from the platform. */
async function start(): Promise<void> {
  const port = Number(process.env.DATA_HOLDER_PORT ?? '8090');
  const host = process.env.HOST ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error('DATA_HOLDER_PORT must be a port number');
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  await registerDataHolder(app, { prefix: '/data-holder' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  await app.listen({ port, host });
  for (const bank of banks)
    console.log(`  ${bank.name.padEnd(28)} http://${host}:${port}/data-holder/${bank.id}/cds-au/v1`);
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
