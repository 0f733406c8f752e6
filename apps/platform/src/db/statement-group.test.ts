import { describe, expect, it } from 'vitest';
import { answerEach, createStatementGroup, distinctRows, rowsWithOrdinal } from './statement-group.ts';

/** A statement that runs until the test lets it finish, answering each input doubled. */
function heldStatements() {
  const sent: number[][] = [];
  const finishers: (() => void)[] = [];
  const run = (inputs: readonly number[]) => {
    sent.push([...inputs]);
    return new Promise<number[]>((resolve, reject) => {
      finishers.push(() =>
        inputs.includes(-1) ? reject(new Error('statement failed')) : resolve(inputs.map((n) => n * 2)),
      );
    });
  };
  const finishAll = async () => {
    while (finishers.length > 0) {
      finishers.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { run, sent, finishAll };
}

describe('createStatementGroup', () => {
  it('sends an input at once when no statement is running', async () => {
    const held = heldStatements();
    const group = createStatementGroup(held.run, { maxInFlight: 1 });
    const answer = group.submit(4);
    expect(held.sent).toEqual([[4]]);
    await held.finishAll();
    expect(await answer).toBe(8);
  });

  it('sends the inputs that waited together, each answered with its own output', async () => {
    const held = heldStatements();
    const group = createStatementGroup(held.run, { maxInFlight: 1 });
    const answers = [1, 2, 3, 4].map((n) => group.submit(n));
    expect(held.sent).toEqual([[1]]);
    await held.finishAll();
    expect(await Promise.all(answers)).toEqual([2, 4, 6, 8]);
    expect(held.sent).toEqual([[1], [2, 3, 4]]);
    expect(group.stats()).toEqual({ statements: 2, inputs: 4 });
  });

  it('runs up to maxInFlight statements at once, and no more than maxInputs in one', async () => {
    const held = heldStatements();
    const group = createStatementGroup(held.run, { maxInFlight: 2, maxInputs: 2 });
    const answers = [1, 2, 3, 4, 5, 6, 7].map((n) => group.submit(n));
    expect(held.sent).toEqual([[1], [2]]);
    await held.finishAll();
    await Promise.all(answers);
    expect(held.sent.slice(2).flat().sort()).toEqual([3, 4, 5, 6, 7]);
    expect(held.sent.every((inputs) => inputs.length <= 2)).toBe(true);
  });

  it('fails every input of a failed statement, and sends the next all the same', async () => {
    const held = heldStatements();
    const group = createStatementGroup(held.run, { maxInFlight: 1 });
    const submitted = Promise.allSettled([
      group.submit(1),
      group.submit(2),
      group.submit(-1),
      group.submit(3),
    ]);
    await held.finishAll();
    // 2, -1 and 3 waited together (one statement): all three fail with it.
    expect((await submitted).map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
    ]);
    const after = group.submit(5);
    await held.finishAll();
    expect(await after).toBe(10);
  });
});

describe('rowsWithOrdinal', () => {
  it('numbers the rows from 1 and writes every string well formed', () => {
    const rows = JSON.parse(
      rowsWithOrdinal([
        { name: 'Ann', id: 4 },
        { name: 'lone \ud800 surrogate', id: null },
      ]),
    );
    expect(rows).toEqual([
      { name: 'Ann', id: 4, ord: 1 },
      { name: 'lone \ufffd surrogate', id: null, ord: 2 },
    ]);
  });

  it('writes pairs, and text that only looks like an escape, as they are', () => {
    const rows = [{ name: 'pair \ud83d\ude00, text \\ud800 and \\uDC00' }, { name: 'low \udc00' }];
    expect(JSON.parse(rowsWithOrdinal(rows))).toEqual([
      { name: 'pair \ud83d\ude00, text \\ud800 and \\uDC00', ord: 1 },
      { name: 'low \ufffd', ord: 2 },
    ]);
    expect(rowsWithOrdinal(rows.slice(0, 1))).toBe(JSON.stringify([{ ...rows[0], ord: 1 }]));
  });
});

describe('distinctRows and answerEach', () => {
  it('sends each distinct row once and answers every input with its own copy of its row’s answer', () => {
    const rows = [
      { caller: 1, client: 7, token: null },
      { caller: 1, client: 7, token: 'a' },
      { caller: 1, client: 7, token: null },
      { caller: 2, client: 7, token: null },
      { caller: 1, client: 7, token: 'a' },
    ];
    const { distinct, indexes } = distinctRows(rows);
    expect(distinct).toEqual([rows[0], rows[1], rows[3]]);
    expect(indexes).toEqual([0, 1, 0, 2, 1]);
    const answers = answerEach([{ seen: 'first' }, undefined, { seen: 'third' }], indexes);
    expect(answers).toEqual([{ seen: 'first' }, undefined, { seen: 'first' }, { seen: 'third' }, undefined]);
    expect(answers[2]).not.toBe(answers[0]);
  });
});
