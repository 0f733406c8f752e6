import { describe, expect, it } from 'vitest';
import { createHolderClock } from '../holder-clock.ts';
import { createFaultSwitches } from './fault-switches.ts';

describe('createFaultSwitches', () => {
  const clock = createHolderClock(new Date('2026-11-20T00:00:00Z'));

  it('finds a bank-wide switch for every customer and a customer switch for that customer only', () => {
    const faults = createFaultSwitches(clock);
    faults.set({ bank: 'harbour-bank', fault: 'outage' });
    faults.set({ bank: 'harbour-bank', fault: 'mfa_needed', customerId: 'amelia-nguyen' });
    expect(faults.find('harbour-bank', 'outage', 'anyone')).toBeDefined();
    expect(faults.find('harbour-bank', 'mfa_needed', 'amelia-nguyen')).toBeDefined();
    expect(faults.find('harbour-bank', 'mfa_needed', 'james-oconnor')).toBeUndefined();
    expect(faults.find('outback-mutual', 'outage')).toBeUndefined();
  });

  it('replaces a switch set twice and clears by filter', () => {
    const faults = createFaultSwitches(clock);
    faults.set({ bank: 'harbour-bank', fault: 'timeout', delayMs: 10 });
    faults.set({ bank: 'harbour-bank', fault: 'timeout', delayMs: 20 });
    faults.set({ bank: 'outback-mutual', fault: 'outage' });
    expect(faults.list().map((fault) => fault.delayMs ?? fault.fault)).toEqual([20, 'outage']);
    expect(faults.clear({ bank: 'outback-mutual' })).toBe(1);
    expect(faults.list()).toHaveLength(1);
  });

  it('expires a switch at its `until`', () => {
    const moving = createHolderClock(new Date('2026-11-20T00:00:00Z'));
    const faults = createFaultSwitches(moving);
    faults.set({ bank: 'harbour-bank', fault: 'outage', until: '2026-11-20T01:00:00Z' });
    moving.set(new Date('2026-11-20T01:00:00Z'));
    expect(faults.find('harbour-bank', 'outage')).toBeUndefined();
    expect(faults.list()).toEqual([]);
  });
});
