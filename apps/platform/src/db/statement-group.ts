/**
 * One statement for the requests that wait together: a group commit. Each request's statement
 * (the access gate's check and audit row, say) costs the database a round trip, a parse and a
 * commit, and Node a socket write and a query built, more than the work it asks for. An input that
 * finds fewer than `maxInFlight` statements running is sent at once, alone, so a quiet server
 * answers as soon as without grouping; inputs that arrive while they run wait for one to finish
 * and then go together in one statement (`run`, which answers each input in order). A failed
 * statement fails each of its inputs; the next statement is sent all the same.
 */
export interface StatementGroup<Input, Output> {
  submit(input: Input): Promise<Output>;
  /** Statements run and inputs answered (the tests read them). */
  stats(): { statements: number; inputs: number };
}

export interface StatementGroupOptions {
  /** Statements running at once; more inputs wait for the next. */
  maxInFlight?: number;
  /** Inputs in one statement at most. */
  maxInputs?: number;
}

interface Waiting<Input, Output> {
  input: Input;
  resolve(output: Output): void;
  reject(error: unknown): void;
}

export function createStatementGroup<Input, Output>(
  run: (inputs: readonly Input[]) => Promise<readonly Output[]>,
  { maxInFlight = 2, maxInputs = 256 }: StatementGroupOptions = {},
): StatementGroup<Input, Output> {
  let waiting: Waiting<Input, Output>[] = [];
  let inFlight = 0;
  let statements = 0;
  let inputs = 0;

  function sendWaiting(): void {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const group = waiting.length <= maxInputs ? waiting : waiting.slice(0, maxInputs);
      waiting = group === waiting ? [] : waiting.slice(maxInputs);
      inFlight += 1;
      statements += 1;
      inputs += group.length;
      send(group);
    }
  }

  async function send(group: Waiting<Input, Output>[]): Promise<void> {
    try {
      const outputs = await run(group.map((entry) => entry.input));
      for (const [index, entry] of group.entries()) entry.resolve(outputs[index] as Output);
    } catch (error) {
      for (const entry of group) entry.reject(error);
    } finally {
      inFlight -= 1;
      sendWaiting();
    }
  }

  return {
    submit(input) {
      return new Promise<Output>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        sendWaiting();
      });
    },
    stats: () => ({ statements, inputs }),
  };
}

/**
 * A group's inputs as the statement's one `json` value: an array of their rows, each with its
 * 1-based `ord`, read by `json_to_recordset(…) as r(…, ord int)`.
 *
 * One value whatever the group's size, so that PostgreSQL plans the statement once. Sent as arrays
 * to `unnest`, each run's custom plan knew the arrays' lengths and looked cheaper than a generic
 * plan, so PostgreSQL planned the statement afresh on every run: about 1 ms of a group of ten's
 * 2.4 ms on PGlite, 0.9 of 1.8 ms on PostgreSQL (the tests of `access/client-access-batch.ts` and
 * `clients/practice-list-version.ts` check the plan is kept, and what it reads).
 *
 * A value PostgreSQL cannot decode fails the whole statement, and so every input of the group:
 * lone surrogates are written as U+FFFD, as the strings of an array parameter were (by their UTF-8
 * encoding); a NUL character fails here as it failed in an array of `text`. The grouped statements'
 * strings are the server's own (routes, addresses, tenant ids, token hashes), never a caller's.
 */
export function rowsWithOrdinal(rows: readonly object[]): string {
  const numbered = rows.map((row, index) => ({ ...row, ord: index + 1 }));
  const json = JSON.stringify(numbered);
  // JSON.stringify writes a lone surrogate as an escape (`\udxxx`, lower case) and a pair as
  // itself, so only a text with such an escape needs its strings made well formed, one by one: a
  // replacer called for every value took a quarter of the time (16 against 12 µs for ten audit
  // rows). A backslash written before such letters matches too, and only takes the slower way.
  if (!loneSurrogateEscape.test(json)) return json;
  return JSON.stringify(numbered, (_key, value: unknown) =>
    typeof value === 'string' ? wellFormed(value) : value,
  );
}

const loneSurrogateEscape = /\\ud[89a-f]/;

/** `String.prototype.toWellFormed` (ES2024, in Node 20; the project's types are ES2023's). */
function wellFormed(text: string): string {
  return (text as unknown as { toWellFormed(): string }).toWellFormed();
}

/**
 * The distinct rows of a group (equal when their JSON is) and, for each input, the index of its
 * row among them: inputs that ask the same (the requests a page sends at once: one caller, one
 * client, one token) are answered by one row of the statement. `answerEach` gives each input its
 * own copy of its row's answer.
 */
export function distinctRows<Row extends object>(
  rows: readonly Row[],
): { distinct: Row[]; indexes: number[] } {
  const distinct: Row[] = [];
  const indexOf = new Map<string, number>();
  const indexes = rows.map((row) => {
    const key = JSON.stringify(row);
    let index = indexOf.get(key);
    if (index === undefined) {
      index = distinct.push(row) - 1;
      indexOf.set(key, index);
    }
    return index;
  });
  return { distinct, indexes };
}

/** Each input's answer, a copy of its distinct row's (`distinctRows`), or undefined. */
export function answerEach<Answer extends object>(
  answers: readonly (Answer | undefined)[],
  indexes: readonly number[],
): (Answer | undefined)[] {
  return indexes.map((index) => {
    const answer = answers[index];
    return answer && { ...answer };
  });
}

/**
 * A grouped statement's answers in its inputs' order: each row names its input by `ord`, the
 * 1-based ordinal `rowsWithOrdinal` gave it; an input with no row gets undefined.
 */
export function answersByOrdinal<Row extends { ord: number }>(
  count: number,
  rows: readonly Row[],
): (Omit<Row, 'ord'> | undefined)[] {
  const answers: (Omit<Row, 'ord'> | undefined)[] = Array.from({ length: count }, () => undefined);
  for (const { ord, ...answer } of rows) answers[ord - 1] = answer;
  return answers;
}
