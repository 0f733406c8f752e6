import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CdsError } from '../cds/cds-error.ts';
import { findBank } from '../data/banks.ts';
import { faultKinds, faultSwitchSchema } from '../faults/fault-switches.ts';
import type { HolderRuntime } from '../holder-runtime.ts';

const clearSchema = z.object({
  bank: z.string().min(1).optional(),
  customerId: z.string().min(1).optional(),
  fault: z.enum(faultKinds).optional(),
});
const clockSchema = z.strictObject({ now: z.iso.datetime({ offset: true }) });

function invalid(error: z.ZodError): CdsError {
  const issue = error.issues[0];
  return new CdsError('invalidField', `${issue?.path.join('.') || 'body'}: ${issue?.message}`);
}

/** The control API of tests and demos: fault switches per bank (and customer), and the simulated clock. */
export function registerFaultControlRoutes(scope: FastifyInstance, runtime: HolderRuntime): void {
  scope.get('/control/faults', async () => ({ data: { faults: runtime.faults.list() } }));

  scope.post('/control/faults', async (request, reply) => {
    const parsed = faultSwitchSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw invalid(parsed.error);
    if (!findBank(parsed.data.bank))
      throw new CdsError('invalidField', `bank: no bank '${parsed.data.bank}'`);
    return reply.status(201).send({ data: runtime.faults.set(parsed.data) });
  });

  scope.delete('/control/faults', async (request) => {
    const parsed = clearSchema.safeParse(request.query);
    if (!parsed.success) throw invalid(parsed.error);
    return { data: { cleared: runtime.faults.clear(parsed.data) } };
  });

  scope.put('/control/clock', async (request) => {
    const parsed = clockSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw invalid(parsed.error);
    runtime.clock.set(new Date(parsed.data.now));
    return { data: { now: runtime.clock.now().toISOString() } };
  });

  scope.delete('/control/clock', async () => {
    runtime.clock.set(undefined);
    return { data: { now: runtime.clock.now().toISOString() } };
  });
}
