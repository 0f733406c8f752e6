import { type ConsentTokens, createConsentTokens } from './consents/consent-tokens.ts';
import { createHolderData, type HolderData } from './data/holder-data.ts';
import { createFaultSwitches, type FaultSwitches } from './faults/fault-switches.ts';
import { createHolderClock, type HolderClock } from './holder-clock.ts';

export interface HolderRuntimeOptions {
  /** Fixes the simulated time; the real clock otherwise. */
  now?: Date;
  /** Signs access tokens; a restarted holder accepts the tokens it issued with the same secret. */
  tokenSecret?: string;
  /** How long the timeout fault holds a response unless the switch says otherwise, in ms. */
  timeoutDelayMs?: number;
}

/** The holder's moving parts, shared by its routes and handed to tests. */
export interface HolderRuntime {
  clock: HolderClock;
  faults: FaultSwitches;
  consents: ConsentTokens;
  data: HolderData;
  timeoutDelayMs: number;
}

export function createHolderRuntime(options: HolderRuntimeOptions = {}): HolderRuntime {
  const clock = createHolderClock(options.now);
  return {
    clock,
    faults: createFaultSwitches(clock),
    consents: createConsentTokens({ secret: options.tokenSecret ?? 'waratah-data-holder-simulator', clock }),
    data: createHolderData(clock),
    timeoutDelayMs: options.timeoutDelayMs ?? 60_000,
  };
}
