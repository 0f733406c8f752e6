/**
 * Runs `insert` over `rows` a batch at a time: a few hundred rows per statement keeps the demo seed
 * fast on PGlite and stays far below PostgreSQL's 65,535 bind parameters per statement.
 */
export async function insertInBatches<T, R>(
  rows: readonly T[],
  batchSize: number,
  insert: (batch: T[]) => Promise<R[]>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < rows.length; start += batchSize) {
    results.push(...(await insert(rows.slice(start, start + batchSize))));
  }
  return results;
}
