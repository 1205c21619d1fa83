import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Context } from 'mocha';
import { HTTP_EXCHANGE_CHANNEL, type HttpExchange } from '../../src/platform/http/exchange-tap.js';
import { fullAdapterDocument } from '../../src/apps/adapter/openapi/full-document.js';
import { createExchangeChecker, type ExchangeChecker } from '../helpers/exchange-check.js';

// Mocha root hooks: every exchange the adapter's app answers in this mocha process, whoever the
// client (fetch, the billing module's adapter client, raw HTTP), is held to the adapter's own
// OpenAPI document as it is answered. Only failures are kept, never a body (a download is a
// base64 PDF): one entry per distinct problem of an operation (the ids in paths differ from test
// to test), with how often it happened and the first test that caused it; the run fails at the
// end listing them. Child processes (the CLI's start tests) are not seen: they run the same code.

/** Distinct problems kept at most (a wrong schema could give one per field and per test). */
const KEPT = 100;
/** An exchange's problems looked at (a large wrong body could give hundreds). */
const PROBLEMS_KEPT = 10;

interface Failure {
  /** The first exchange's own words: METHOD path status: what is wrong. */
  problem: string;
  test: string;
  count: number;
}

let checker: ExchangeChecker | undefined;
let current = '(before the first test)';
const failures = new Map<string, Failure>();
let failuresNotKept = 0;

function onExchange(message: unknown): void {
  const exchange = message as HttpExchange;
  let problems: string[];
  // A subscriber's throw would reach process 'uncaughtException', far from the test: it is a failure here.
  try {
    problems = checker!.check(exchange);
  } catch (err) {
    problems = [`${exchange.method} ${exchange.path} ${exchange.status}: the checker failed: ${(err as Error).message}`];
  }
  for (const problem of problems.slice(0, PROBLEMS_KEPT)) {
    // Each problem starts with METHOD path status: the path's ids are left out of what makes it distinct.
    const key = `${exchange.operationId ?? exchange.method} ${exchange.status} ${problem.slice(problem.indexOf(': ') + 2)}`;
    const seen = failures.get(key);
    if (seen) seen.count++;
    else if (failures.size < KEPT) failures.set(key, { problem, test: current, count: 1 });
    else failuresNotKept++;
  }
}

function report(): string {
  const lines = [...failures.values()].map((f) => `  ${f.problem}\n    ${f.count}×, first in: ${f.test}`);
  const rest = failuresNotKept ? `\n  … and ${failuresNotKept} more` : '';
  return `${failures.size} distinct problem(s) in the adapter's answers against its OpenAPI document:\n${lines.join('\n')}${rest}`;
}

/** The documented answers never exercised, one line per operation (information, not a failure). */
function unexercisedLines(pairs: string[]): string[] {
  const byOperation = new Map<string, string[]>();
  for (const pair of pairs) {
    const [operation, status] = pair.split(' ') as [string, string];
    byOperation.set(operation, [...(byOperation.get(operation) ?? []), status]);
  }
  return [...byOperation].map(([operation, statuses]) => `  ${operation}: ${statuses.join(', ')}`);
}

export const mochaHooks = {
  async beforeAll(this: Context): Promise<void> {
    this.timeout(120_000); // the document loads every driver's settings schema
    checker = await createExchangeChecker(await fullAdapterDocument());
    subscribe(HTTP_EXCHANGE_CHANNEL, onExchange);
  },
  beforeEach(this: Context): void {
    current = this.currentTest?.fullTitle() ?? current;
  },
  afterEach(this: Context): void {
    // What a suite's after or next before hook asks is named by the test it follows.
    current = `(a hook after "${this.currentTest?.fullTitle() ?? current}")`;
  },
  afterAll(): void {
    if (!checker) return;
    unsubscribe(HTTP_EXCHANGE_CHANNEL, onExchange);
    const unexercised = checker.unexercised();
    // Information, not a failure: the list with OPENAPI_UNEXERCISED=1.
    if (unexercised.length) {
      const list = process.env.OPENAPI_UNEXERCISED ? `:\n${unexercisedLines(unexercised).join('\n')}` : ' (OPENAPI_UNEXERCISED=1 lists them)';
      console.log(`OpenAPI: ${unexercised.length} documented answer(s) no exchange of this run gave${list}`);
    }
    if (failures.size) throw new Error(report());
  },
};
