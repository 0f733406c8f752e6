import { describe, expect, it } from 'vitest';
import { readCookie } from './read-cookie.ts';

const page = (cookie: string) => ({ cookie }) as Document;

describe('readCookie', () => {
  it('reads a cookie by name, decoded, and null when it is missing', () => {
    const doc = page('app.at_exp=1795374431; XSRF-TOKEN=a%2Fb%3Dc');

    expect(readCookie('XSRF-TOKEN', doc)).toBe('a/b=c');
    expect(readCookie('app.at_exp', doc)).toBe('1795374431');
    expect(readCookie('app.at', doc)).toBeNull();
  });
});
