import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../faults/data-dir-lock.ts';

const platformDir = fileURLToPath(new URL('../../..', import.meta.url));
const script = join(platformDir, 'scripts', 'add-operator.ts');

/**
 * `npm run operator` as an operator runs it: a process of its own, on a fresh embedded database
 * in a temporary DATA_DIR (always: never the DATABASE_URL a suite may run on).
 */
describe('npm run operator (scripts/add-operator.ts)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'waratah-add-operator-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  function run(args: string[], env: NodeJS.ProcessEnv = {}) {
    const { DATABASE_URL: _suiteDatabase, ...inherited } = process.env;
    return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
        cwd: platformDir,
        env: { ...inherited, DATA_DIR: dataDir, DEMO_DATA: 'off', LOG_LEVEL: 'silent', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      child.once('error', reject);
      child.once('close', (status) => resolve({ status, stdout, stderr }));
    });
  }

  const operator = [
    '--tenant',
    'moneypartner',
    '--email',
    'first@example.test',
    '--given-name',
    'Olive',
    '--family-name',
    'Ops',
  ];

  it('refuses bad input with exit code 1, before opening the database', async () => {
    const nowhere = join(dataDir, 'never-created');
    const result = await run(['--tenant', 'nowhere', '--email', 'nope', '--areas', 'audit,wizardry'], {
      DATA_DIR: nowhere,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--tenant: no tenant is called "nowhere"');
    expect(result.stderr).toContain('--email: Please enter a valid email address ("nope")');
    expect(result.stderr).toContain('--given-name: required');
    expect(result.stderr).toContain('--areas: no such permission area: wizardry');
    expect(result.stderr).toContain('Usage: npm run operator -- --tenant <id>');
    expect(result.stdout).toBe('');
    expect(existsSync(nowhere)).toBe(false);

    const unknown = await run([...operator, '--role', 'admin']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("Unknown option '--role'");
  });

  it('adds the operator on a fresh database and prints its link; refuses the address the second time', async () => {
    const added = await run([...operator, '--areas', 'audit'], {
      LOCAL_HOSTS: 'on',
      PORT: '4321',
      AUTH_INVITATION_LINK_TTL_SECONDS: String(2 * 24 * 60 * 60),
    });
    expect(added.stderr).not.toContain('Error');
    expect(added.status).toBe(0);
    expect(added.stdout).toContain('Added operator Olive Ops <first@example.test> to moneypartner');
    expect(added.stdout).toContain('Permission areas: audit.');
    expect(added.stdout).toContain('cannot invite further operators');
    expect(added.stdout).toContain('No e-mail was sent');
    expect(added.stdout).toContain('for 2 days');
    expect(added.stdout).toMatch(
      /^ {2}http:\/\/moneypartner\.localhost:4321\/set-password\?invitation_token=[\w-]{20,}$/m,
    );

    const again = await run([...operator, '--email', 'FIRST@example.test'], { LOCAL_HOSTS: 'off' });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(
      'FIRST@example.test has an admin account (operator) in moneypartner already; nothing was written',
    );
    expect(again.stdout).toBe('');

    const hosted = await run([...operator, '--email', 'second@example.test'], { LOCAL_HOSTS: 'off' });
    expect(hosted.status).toBe(0);
    expect(hosted.stdout).toMatch(
      /^ {2}https:\/\/portal\.moneypartner\.com\.au\/set-password\?invitation_token=/m,
    );
    expect(hosted.stdout).toContain('for 7 days');
  }, 120_000);

  it('refuses a data directory a running server holds', async () => {
    const unlock = await lockDataDir(dataDir);
    try {
      const result = await run([...operator, '--email', 'third@example.test']);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        `DATA_DIR: the embedded database in ${dataDir} is in use by another platform process`,
      );
    } finally {
      await unlock();
    }
  });
});
