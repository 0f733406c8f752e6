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

  it('reads a value that cannot be decoded as no value, and the first of a name set twice', () => {
    expect(readCookie('app.at_exp', page('app.at_exp=%E0%A4%A; XSRF-TOKEN=t'))).toBeNull();
    expect(readCookie('XSRF-TOKEN', page('app.at_exp=%; XSRF-TOKEN=t'))).toBe('t');
    expect(readCookie('app.at_exp', page('app.at_exp=200; app.at_exp=100'))).toBe('200');
  });
});
