import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Context } from 'mocha';
import { HTTP_EXCHANGE_CHANNEL, type HttpExchange } from '../../src/platform/http/exchange-tap.js';
import { createExchangeChecker, type ExchangeChecker } from '../helpers/exchange-check.js';

// Mocha root hooks: every exchange the adapter's app answers in this mocha process, whoever the
// client (fetch, the billing module's adapter client, raw HTTP), is held to the adapter's own
// OpenAPI document as it is answered. Only failures are kept, never a body (a download is a
// base64 PDF), and at most KEPT of them; the run fails at the end with the first SHOWN. Child
// processes (the CLI's start tests) are not seen: they run the same code.

/** Computed, so that tsc compiles this file before the module exists. */
const DOCUMENT_MODULE = '../../src/apps/adapter/openapi/full-document.js';
const KEPT = 200;
const SHOWN = 20;
/** An exchange's problems kept at most (a large wrong body could give hundreds). */
const PROBLEMS_KEPT = 10;

interface Failure {
  test: string;
  problems: string[];
}

let checker: ExchangeChecker | undefined;
let current = '(before the first test)';
const failures: Failure[] = [];
let failuresNotKept = 0;

function onExchange(message: unknown): void {
  let problems: string[];
  // A subscriber's throw would reach process 'uncaughtException', far from the test: it is a failure here.
  try {
    problems = checker!.check(message as HttpExchange);
  } catch (err) {
    problems = [`the checker failed: ${(err as Error).message}`];
  }
  if (!problems.length) return;
  if (failures.length >= KEPT) {
    failuresNotKept++;
    return;
  }
  failures.push({ test: current, problems: problems.slice(0, PROBLEMS_KEPT) });
}

/** The adapter's full document, or undefined while its module does not exist yet (any other failure is thrown). */
async function adapterDocument(): Promise<Record<string, unknown> | undefined> {
  const specifier: string = DOCUMENT_MODULE;
  try {
    const module = (await import(specifier)) as { fullAdapterDocument(): Promise<Record<string, unknown>> };
    return await module.fullAdapterDocument();
  } catch (err) {
    // The module itself, not one it imports (that is a broken document, thrown).
    const missing = (err as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' && (err as { url?: string }).url === new URL(specifier, import.meta.url).href;
    if (missing) return undefined;
    throw err;
  }
}

function report(): string {
  // Each problem names the method, path and status already.
  const lines = failures.slice(0, SHOWN).map((f) => `  ${f.test}\n${f.problems.map((p) => `    ${p}`).join('\n')}`);
  const total = failures.length + failuresNotKept;
  const rest = total > SHOWN ? `\n  … and ${total - SHOWN} more` : '';
  return `${total} answer(s) of the adapter do not conform to its OpenAPI document:\n${lines.join('\n')}${rest}`;
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
    const document = await adapterDocument();
    if (!document) {
      console.log(`OpenAPI exchange checks off: ${DOCUMENT_MODULE} does not exist yet`);
      return;
    }
    checker = await createExchangeChecker(document);
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
    if (unexercised.length) console.log(`OpenAPI: ${unexercised.length} documented answer(s) no exchange gave:\n${unexercisedLines(unexercised).join('\n')}`);
    if (failures.length) throw new Error(report());
  },
};
