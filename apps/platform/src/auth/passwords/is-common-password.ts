import { readFileSync } from 'node:fs';

let commonPasswords: Set<string> | undefined;

// Read once, on first use: ten thousand short lines, kept as a set of lower-case entries.
function loadCommonPasswords(): Set<string> {
  const text = readFileSync(new URL('../common-passwords.txt', import.meta.url), 'utf8');
  const entries = text
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#'));
  return new Set(entries);
}

/** Whether the password is on the shipped list of breached and common passwords, ignoring case. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.trim().toLowerCase());
}
