import { resolveSettings } from '../../config/settings.js';
import { startAdapter } from '../../runtime/adapter-runtime.js';
import { settingFlags, type Command, type Values } from '../command.js';
import { untilSignal } from '../signals.js';

const SERVER_SETTINGS = [
  'HOST', 'ADAPTER_PORT', 'DATA_DIR', 'ADAPTER_API_KEY', 'ADAPTER_CONFIG', 'BODY_LIMIT', 'AUTH_MAX_FAILURES',
  'AUTH_FAILURE_WINDOW', 'TRUST_PROXY', 'LOG_LEVEL', 'SHUTDOWN_TIMEOUT', 'ERROR_HELP_URL',
] as const;

async function runAdapter(command: Command, values: Values): Promise<number> {
  const settings = resolveSettings(process.env, settingFlags(command, values));
  const runtime = await startAdapter(settings);
  const signal = await untilSignal();
  process.stderr.write(`einvoicing-adapter: ${signal} received, finishing in-flight requests\n`);
  await runtime.close();
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
  run: (values) => runAdapter(serveCommand, values),
};

export const startCommand: Command = {
  ...serveCommand,
  name: 'start',
  summary: 'Start everything this project runs, wired together (today: the adapter; `npm start` runs this).',
  run: (values) => runAdapter(startCommand, values),
};
