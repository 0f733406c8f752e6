import { z } from 'zod';
import type { HolderClock } from '../holder-clock.ts';

export const faultKinds = [
  'outage',
  'timeout',
  'mfa_needed',
  'invalid_credentials',
  'partial_failure',
] as const;
export type FaultKind = (typeof faultKinds)[number];

export const faultSwitchSchema = z.strictObject({
  bank: z.string().min(1),
  fault: z.enum(faultKinds),
  /** Only this customer of the bank; absent = every customer. */
  customerId: z.string().min(1).optional(),
  /** RFC 3339; the switch turns itself off then. */
  until: z.iso.datetime({ offset: true }).optional(),
  /** timeout: how long to hold each response, in ms. */
  delayMs: z.number().int().min(0).max(600_000).optional(),
  /** partial_failure: the accounts whose transactions fail; absent = every second account. */
  accountIds: z.array(z.string().min(1)).optional(),
});

export type FaultSwitch = z.infer<typeof faultSwitchSchema>;
export type ActiveFault = FaultSwitch & { setAt: string };

export interface FaultFilter {
  bank?: string;
  customerId?: string;
  fault?: FaultKind;
}

export interface FaultSwitches {
  set(fault: FaultSwitch): ActiveFault;
  clear(filter?: FaultFilter): number;
  list(): ActiveFault[];
  /** The switch that applies to this bank (and customer, when given), if any is on. */
  find(bank: string, fault: FaultKind, customerId?: string): ActiveFault | undefined;
}

/** Faults live in memory: they are test and demo switches, not data. */
export function createFaultSwitches(clock: HolderClock): FaultSwitches {
  let faults: ActiveFault[] = [];
  const matches = (fault: ActiveFault, filter: FaultFilter) =>
    (filter.bank === undefined || fault.bank === filter.bank) &&
    (filter.fault === undefined || fault.fault === filter.fault) &&
    (filter.customerId === undefined || fault.customerId === filter.customerId);
  const isLive = (fault: ActiveFault) =>
    fault.until === undefined || Date.parse(fault.until) > clock.now().getTime();
  return {
    set(fault) {
      faults = faults.filter(
        (existing) =>
          !(
            existing.bank === fault.bank &&
            existing.fault === fault.fault &&
            existing.customerId === fault.customerId
          ),
      );
      const active = { ...fault, setAt: clock.now().toISOString() };
      faults.push(active);
      return active;
    },
    clear(filter = {}) {
      const before = faults.length;
      faults = faults.filter((fault) => !matches(fault, filter));
      return before - faults.length;
    },
    list: () => faults.filter(isLive),
    find: (bank, fault, customerId) =>
      faults.find(
        (candidate) =>
          isLive(candidate) &&
          candidate.bank === bank &&
          candidate.fault === fault &&
          (candidate.customerId === undefined || candidate.customerId === customerId),
      ),
  };
}
