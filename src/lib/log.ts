import { pino, type Logger, type DestinationStream } from 'pino';

export type { Logger };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * One JSON object per line on stdout (or the given stream): time, level, msg and fields.
 * Credentials never reach the logger: the auth code logs whether a key matched, not the key.
 */
export function createLogger(level: LogLevel = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: ['authorization', 'headers.authorization', 'api_key'], censor: '[redacted]' },
    },
    destination ?? pino.destination({ fd: 1, sync: false }),
  );
}
