import type { Goal } from '@waratah/contracts';

/** A decimal string of the wire ('1500.50', '-3') as whole cents, without floating point. */
export function decimalToCents(decimal: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new RangeError(`Not a decimal amount: '${decimal}'`);
  const [, sign, units = '0', fraction = ''] = match;
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

export interface GoalProgress {
  /** Whole percent, 0 to 100. */
  percent: number;
  /** Measured against the goal's target, or — without one — against the current period's. */
  basis: 'target' | 'period';
  /** The amount measured against. */
  of: string;
}

function percentOf(currentCents: number, targetCents: number): number {
  if (targetCents <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((currentCents * 100) / targetCents)));
}

/** How far a goal has come: its saving against its target, else this period's saving against the period's target. */
export function goalProgress(goal: Goal): GoalProgress | null {
  if (goal.target_amount !== null) {
    return {
      percent: percentOf(decimalToCents(goal.current_amount), decimalToCents(goal.target_amount)),
      basis: 'target',
      of: goal.target_amount,
    };
  }
  const period = goal.current_period;
  if (!period) return null;
  return {
    percent: percentOf(decimalToCents(period.current_amount), decimalToCents(period.target_amount)),
    basis: 'period',
    of: period.target_amount,
  };
}
