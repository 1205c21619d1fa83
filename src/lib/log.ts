import { pino, type Logger, type DestinationStream } from 'pino';
import { logContext } from './log-context.js';

export type { Logger };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * One JSON object per line on stdout (or the given stream): time, level, msg and fields.
 * Credentials never reach the logger: the auth code logs whether a key matched, not the key.
 * Every line also carries the fields of the work it belongs to (request_id, document_id…, see
 * log-context.ts); a line's own fields win over them.
 */
export function createLogger(level: LogLevel = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => logContext(),
      // The context's fields first, then the line's own in their order (a field the line sets itself is the line's, where it put it).
      mixinMergeStrategy: (line, context) => {
        const merged: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(context)) if (!(k in line)) merged[k] = v;
        return Object.assign(merged, line);
      },
      redact: { paths: ['authorization', 'headers.authorization', 'api_key'], censor: '[redacted]' },
    },
    destination ?? pino.destination({ fd: 1, sync: false }),
  );
}
