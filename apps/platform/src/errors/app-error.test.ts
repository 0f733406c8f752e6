import { describe, expect, it } from 'vitest';
import { AppError, errorCatalogue } from './app-error.ts';

describe('AppError', () => {
  it('takes its code and status from the catalogue', () => {
    const error = new AppError('not_found', 'There is no goal 7');
    expect(error).toMatchObject({
      code: 'F0300',
      statusCode: 404,
      type: 'not_found',
      message: 'There is no goal 7',
    });
  });

  it('has a distinct code for every type', () => {
    const codes = Object.values(errorCatalogue).map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
