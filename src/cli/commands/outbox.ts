import type { Command } from '../command.js';

// The outbox of the data directory: src/cli/actions/outbox.ts.

export const outboxCommand: Command = {
  name: 'outbox',
  summary: 'The callback and transmission queues: list them, retry a row now, retry every failed callback of a site, cancel a row.',
  description:
    'The same listings and actions as /admin/outbox (docs/operations.md). callbacks and transmissions\n' +
    'list newest first, one row a line (--json: the admin API\'s JSON); retry makes a failed row pending\n' +
    'again (a callback retried for CALLBACK_RETRY_HORIZON more) or a waiting one due now; retry-failed\n' +
    'SITE retries every failed callback of a merchant (\'\' for the operator\'s BILLING_URL); cancel ends\n' +
    'a waiting row for good. Each action is recorded as cli:<user> (outbox actions lists them). A running\n' +
    'adapter takes a retried row at its next look at the queue (at the latest after its longest sleep).',
  settings: ['DATA_DIR', 'DATABASE_URL', 'CALLBACK_RETRY_HORIZON', 'BILLING_URL', 'SEALING_KEY_FILE', 'SEALING_PREVIOUS_KEY_FILES'],
  options: {
    state: { type: 'string' },
    merchant: { type: 'string' },
    entity: { type: 'string' },
    driver: { type: 'string' },
    'older-than': { type: 'string' },
    limit: { type: 'string' },
    before: { type: 'string' },
    json: { type: 'boolean' },
  },
  optionHelp: {
    state: 'callbacks: pending, retrying, held, failed, cancelled, delivered; transmissions: queued, retrying, sent, failed, cancelled, done',
    merchant: "the merchant that has the document's entity",
    entity: 'the business entity that issued the document',
    driver: "the document's model (its driver)",
    'older-than': 'rows created more than this many seconds ago',
    limit: 'rows per page, 1 to 500 (default 50)',
    before: 'the cursor a page printed (next: …) for the page after it',
    json: 'print JSON instead of one line per row',
  },
  positionals: 'callbacks | transmissions | retry callback|transmission ID | retry-failed SITE | cancel callback|transmission ID | actions',
  run: (values, positionals) => import('../actions/outbox.js').then((a) => a.outbox(outboxCommand, values, positionals)),
};
