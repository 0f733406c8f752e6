import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { ensureFrontEndBuilds } from '../../scripts/front-end-builds.mjs';
import { measureBareNodeStart, measureColdStart } from './measure-cold-start.ts';
import { median, percentile } from './stats.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 18_080);

ensureFrontEndBuilds();
const dataDir = mkdtempSync(join(tmpdir(), 'waratah-bench-'));
const lines: string[] = [];
const report = (line: string) => {
  console.log(line);
  lines.push(line);
};

try {
  const firstStart = await measureColdStart({ dataDir, port });
  const restarts: number[] = [];
  const bareNode: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    bareNode.push(await measureBareNodeStart());
    restarts.push((await measureColdStart({ dataDir, port })).readyMs);
  }
  const restartMedian = median(restarts);
  const bareMedian = median(bareNode);

  report(`# Benchmarks — ${new Date().toISOString()}`);
  report('');
  report(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  report('');
  report('| figure | value | ratio | target |');
  report('|---|---|---|---|');
  report(
    `| first start on an empty data dir (migrate + seed) until /readyz | ${firstStart.readyMs.toFixed(0)} ms | | |`,
  );
  report(
    `| restart on an existing data dir until /readyz (median of ${runs}, p90 ${percentile(restarts, 0.9).toFixed(0)} ms) | ${restartMedian.toFixed(0)} ms | ${(restartMedian / bareMedian).toFixed(1)} × a bare \`node -e 0\` (${bareMedian.toFixed(0)} ms) | < 3000 ms |`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

writeFileSync(join(import.meta.dirname, '..', 'results', 'latest.md'), `${lines.join('\n')}\n`);
