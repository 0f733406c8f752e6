import { ApiError } from '@waratah/sdk';
import { describe, expect, it } from 'vitest';
import { dataToShow } from './data-to-show.ts';

const failure = (status: number) => new ApiError({ status, code: 'code', message: 'message' });

describe('dataToShow', () => {
  it('keeps the data a failed background refetch leaves, and shows nothing of a failed first load', () => {
    expect(dataToShow({ data: ['account'], error: null })).toEqual(['account']);
    expect(dataToShow({ data: ['account'], error: failure(500) })).toEqual(['account']);
    expect(dataToShow({ data: undefined, error: failure(500) })).toBeUndefined();
  });

  it('shows nothing once the platform says the client is out of reach, though data is cached', () => {
    expect(dataToShow({ data: ['account'], error: failure(404) })).toBeUndefined();
  });
});
