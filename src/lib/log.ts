import { pino, type Logger, type DestinationStream } from 'pino';
import { logContext } from './log-context.js';

export type { Logger };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * One JSON object per line on stdout (or the given stream): time, level, msg and fields.
 * Credentials never reach the logger: the auth code logs whether a key matched, not the key.
 * Every line also carries the fields of the work it belongs to (request_id, document_id…, see
 * log-context.ts); a line's own fields win over them (pino writes the mixin's first).
 */
export function createLogger(level: LogLevel = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => ({ ...logContext() }), // a copy: pino assigns the line's own fields onto it
      redact: { paths: ['authorization', 'headers.authorization', 'api_key'], censor: '[redacted]' },
    },
    destination ?? pino.destination({ fd: 1, sync: false }),
  );
}
