import { hkdfSync } from 'node:crypto';
import { openAesGcm, sealAesGcm } from '../../security/aes-gcm.ts';
import { hashTokenSecret } from './token-secret.ts';

/** What a refresh answered, kept (sealed) for a retry of it. */
export interface RetryAnswer {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires, in ms since the epoch. */
  accessExpiresAt: number;
}

const purpose = 'oauth_tokens.retry_answer';

/**
 * The key of a refresh's answer: derived (HKDF-SHA-256) from the refresh token spent for it, which
 * the database holds only as a hash. So the stored answer opens only for whoever presents that
 * token again, and neither a copy of the database nor anyone else can read the tokens in it.
 */
function keyOf(spentSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', spentSecret, Buffer.alloc(0), purpose, 32));
}

export function sealRetryAnswer(spentSecret: string, answer: RetryAnswer): string {
  return sealAesGcm(keyOf(spentSecret), purpose, JSON.stringify(answer));
}

/**
 * The answer sealed for `spentSecret`, if it opens with it and names the refresh token stored
 * under `refreshTokenHash`; otherwise undefined.
 */
export function openRetryAnswer(
  spentSecret: string,
  sealed: string,
  refreshTokenHash: string,
): RetryAnswer | undefined {
  try {
    const answer = JSON.parse(openAesGcm(keyOf(spentSecret), purpose, sealed)) as Partial<RetryAnswer>;
    if (
      typeof answer.accessToken !== 'string' ||
      typeof answer.refreshToken !== 'string' ||
      typeof answer.accessExpiresAt !== 'number' ||
      hashTokenSecret(answer.refreshToken) !== refreshTokenHash
    )
      return undefined;
    return answer as RetryAnswer;
  } catch {
    return undefined;
  }
}
