import { describe, expect, it } from 'vitest';
import { emptyGoalForm, goalFormSchema, toCreateGoalBody } from './goal-form-schema.ts';

const schema = goalFormSchema((field, contractMessage) => `${field}: ${contractMessage}`);
const filled = {
  ...emptyGoalForm,
  name: ' Car ',
  account_id: '12',
  target_amount: '$5,000',
  period_amount: '250.5',
};

describe('toCreateGoalBody', () => {
  it('turns typed text into the body of POST goals, blanks left out', () => {
    expect(toCreateGoalBody(filled)).toEqual({
      name: 'Car',
      account_id: 12,
      tracking_type: 'credit',
      target: 'amount',
      frequency: 'monthly',
      target_amount: '5000',
      period_amount: '250.5',
    });
  });
});

describe('goalFormSchema', () => {
  it('accepts a complete goal', () => {
    expect(schema.safeParse(filled).success).toBe(true);
  });

  it('names every missing field at once, by target type', () => {
    const result = schema.safeParse({ ...emptyGoalForm, target: 'open_ended' });
    const fields = result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    expect(fields.sort()).toEqual(['account_id', 'end_date', 'name', 'period_amount']);
  });

  it('keeps the contract’s rules for amounts and dates', () => {
    const result = schema.safeParse({
      ...filled,
      target_amount: '0',
      start_date: '2027-05-01',
      end_date: '2027-04-01',
    });
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toEqual(['target_amount: must be more than 0', 'end_date: must be after start_date']);
  });
});
