import { resolveSettings } from '../../config/settings.js';
import { startAdapter } from '../../runtime/adapter-runtime.js';
import { startBilling } from '../../runtime/billing-runtime.js';
import { settingFlags, type Command, type Values } from '../command.js';
import { untilSignal } from '../signals.js';

const SERVER_SETTINGS = [
  'HOST', 'ADAPTER_PORT', 'DATA_DIR', 'ADAPTER_API_KEY', 'ADAPTER_CONFIG', 'BODY_LIMIT', 'AUTH_MAX_FAILURES',
  'AUTH_FAILURE_WINDOW', 'TRUST_PROXY', 'LOG_LEVEL', 'SHUTDOWN_TIMEOUT', 'ERROR_HELP_URL',
] as const;

const BILLING_SETTINGS = ['HOST', 'BILLING_PORT', 'DATA_DIR', 'BILLING_API_KEY', 'LOG_LEVEL', 'SHUTDOWN_TIMEOUT'] as const;

type Part = 'adapter' | 'billing';

async function run(command: Command, values: Values, parts: readonly Part[]): Promise<number> {
  const settings = resolveSettings(process.env, settingFlags(command, values));
  // Listening for the signal before starting: a SIGTERM that arrives while the second server is
  // still starting then stops both gracefully instead of killing the process.
  const stop = untilSignal();
  const running: { close(): Promise<void> }[] = [];
  try {
    if (parts.includes('adapter')) running.push(await startAdapter(settings));
    if (parts.includes('billing')) running.push(await startBilling(settings));
  } catch (err) {
    await Promise.all(running.map((r) => r.close()));
    throw err;
  }
  const signal = await stop;
  process.stderr.write(`einvoicing-adapter: ${signal} received, finishing in-flight requests\n`);
  await Promise.all(running.map((r) => r.close()));
  return 0;
}

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Serve the adapter alone: the e-invoicing SPI on HOST:ADAPTER_PORT.',
  description:
    'Applies pending database migrations first. On SIGTERM or SIGINT it stops accepting connections,\n' +
    'lets in-flight requests finish (up to SHUTDOWN_TIMEOUT seconds) and closes the database.',
  settings: SERVER_SETTINGS,
  options: {},
  run: (values) => run(serveCommand, values, ['adapter']),
};

export const billingCommand: Command = {
  name: 'billing',
  summary: 'Serve the companion billing module alone: the platform API v1 on HOST:BILLING_PORT.',
  description:
    'Its own SQLite database (DATA_DIR/billing.sqlite) and its own key (BILLING_API_KEY, HTTP Basic\n' +
    'user name with an empty password). GET /health needs no key.',
  settings: BILLING_SETTINGS,
  options: {},
  run: (values) => run(billingCommand, values, ['billing']),
};

export const startCommand: Command = {
  ...serveCommand,
  name: 'start',
  summary: 'Start everything, wired together: the adapter and the billing module (`npm start` runs this).',
  settings: [...new Set([...SERVER_SETTINGS, ...BILLING_SETTINGS])],
  run: (values) => run(startCommand, values, ['adapter', 'billing']),
};
