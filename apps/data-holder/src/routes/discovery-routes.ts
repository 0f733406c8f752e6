import type { FastifyInstance } from 'fastify';
import { defineCdsRoute } from '../cds/define-cds-route.ts';
import type { ActiveFault } from '../faults/fault-switches.ts';
import type { HolderRuntime } from '../holder-runtime.ts';

function durationOf(fault: ActiveFault): string {
  if (!fault.until) return 'PT1H';
  const minutes = Math.max(1, Math.ceil((Date.parse(fault.until) - Date.parse(fault.setAt)) / 60_000));
  return `PT${minutes}M`;
}

/** GET /discovery/status and /discovery/outages: a bank-wide outage or partial failure shows here. */
export function registerDiscoveryRoutes(scope: FastifyInstance, runtime: HolderRuntime): void {
  const bankFaults = (bankId: string) =>
    runtime.faults
      .list()
      .filter(
        (fault) =>
          fault.bank === bankId && !fault.customerId && ['outage', 'partial_failure'].includes(fault.fault),
      );
  const links = (selfUrl: URL) => ({ self: selfUrl.toString() });

  defineCdsRoute(
    scope,
    runtime,
    { url: '/discovery/status', versions: { min: 1, max: 1 }, authenticated: false, ignoresOutage: true },
    ({ bank, selfUrl }) => {
      const faults = bankFaults(bank.id);
      const outage = faults.find((fault) => fault.fault === 'outage');
      const current = outage ?? faults[0];
      const data = current
        ? {
            status: outage ? 'UNAVAILABLE' : 'PARTIAL_FAILURE',
            explanation: outage
              ? `${bank.name} is unavailable`
              : `Some ${bank.name} accounts are unavailable`,
            detectionTime: current.setAt,
            ...(current.until ? { expectedResolutionTime: current.until } : {}),
            updateTime: current.setAt,
          }
        : { status: 'OK', updateTime: runtime.clock.now().toISOString() };
      return { data, links: links(selfUrl), meta: {} };
    },
  );

  defineCdsRoute(
    scope,
    runtime,
    { url: '/discovery/outages', versions: { min: 1, max: 1 }, authenticated: false, ignoresOutage: true },
    ({ bank, selfUrl }) => ({
      data: {
        outages: bankFaults(bank.id).map((fault) => ({
          outageTime: fault.setAt,
          duration: durationOf(fault),
          isPartial: fault.fault === 'partial_failure',
          explanation:
            fault.fault === 'outage'
              ? `${bank.name} is unavailable`
              : `Some ${bank.name} accounts are unavailable`,
        })),
      },
      links: links(selfUrl),
      meta: {},
    }),
  );
}
