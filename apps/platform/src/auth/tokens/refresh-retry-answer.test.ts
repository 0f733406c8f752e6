import { describe, expect, it } from 'vitest';
import { openRetryAnswer, sealRetryAnswer } from './refresh-retry-answer.ts';
import { generateTokenSecret, hashTokenSecret } from './token-secret.ts';

describe("a refresh's answer kept for its retry", () => {
  const spent = generateTokenSecret();
  const answer = {
    accessToken: generateTokenSecret(),
    refreshToken: generateTokenSecret(),
    accessExpiresAt: 1_800_000_000_000,
  };
  const sealed = sealRetryAnswer(spent, answer);
  const successorHash = hashTokenSecret(answer.refreshToken);

  it('opens for the spent token it was sealed for, naming the successor stored', () => {
    expect(openRetryAnswer(spent, sealed, successorHash)).toEqual(answer);
    expect(sealed).not.toContain(answer.refreshToken);
    expect(sealRetryAnswer(spent, answer)).not.toBe(sealed);
  });

  it('opens for no other token, no other successor, and not once altered', () => {
    expect(openRetryAnswer(generateTokenSecret(), sealed, successorHash)).toBeUndefined();
    expect(openRetryAnswer(spent, sealed, hashTokenSecret(generateTokenSecret()))).toBeUndefined();
    const [iv, tag, body = ''] = sealed.split('.');
    const altered = `${iv}.${tag}.${body.startsWith('A') ? `B${body.slice(1)}` : `A${body.slice(1)}`}`;
    expect(openRetryAnswer(spent, altered, successorHash)).toBeUndefined();
    expect(openRetryAnswer(spent, 'not-sealed', successorHash)).toBeUndefined();
  });
});
