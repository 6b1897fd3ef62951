import pino from 'pino';

/**
 * Structured logging through pino: one JSON object per line, `logger.error({ ...fields },
 * 'message')`. Secret-looking keys are redacted before pino sees them, wherever a caller
 * puts them.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(fields: LogFields, message: string): void;
  info(fields: LogFields, message: string): void;
  warn(fields: LogFields, message: string): void;
  error(fields: LogFields, message: string): void;
}

const LEVELS: Record<LogLevel, number> = { debug: 20, info: 30, warn: 40, error: 50 };

/** Keys whose values never reach a log line, wherever they appear in the fields. */
const SECRET_KEY = /pass(word)?|secret|token|cookie|authorization|session/i;

/** An error as a log field: name and message, and the stack only when asked (real faults). */
export function errorFields(error: unknown, withStack: boolean): LogFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: LogFields = { name: error.name, message: error.message };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') fields.code = code;
  if (withStack && error.stack) fields.stack = error.stack;
  return fields;
}

function redact(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : value;
  }
  return out;
}

export function createLogger(
  options: {
    level?: LogLevel;
    /** Receives each finished line (without the newline); defaults to stdout/stderr. */
    write?: (line: string, level: LogLevel) => void;
  } = {},
): Logger {
  const level = options.level ?? 'info';
  const settings: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // `err` is already reduced by errorFields(): the stack only for a real fault.
    serializers: { err: (value: unknown) => value },
  };
  const make = (destination: pino.DestinationStream) => pino(settings, destination);
  // Warnings and errors go to stderr, the rest to stdout, as the process's two streams.
  const streams: Record<'out' | 'err', pino.Logger> = options.write
    ? {
        out: make({ write: (line: string) => options.write?.(line.trimEnd(), 'info') }),
        err: make({ write: (line: string) => options.write?.(line.trimEnd(), 'error') }),
      }
    : { out: make(pino.destination(1)), err: make(pino.destination(2)) };
  const emit = (levelName: LogLevel) => (fields: LogFields, message: string) => {
    const target = LEVELS[levelName] >= LEVELS.warn ? streams.err : streams.out;
    target[levelName](redact(fields), message);
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

function levelFromEnv(value: string | undefined): LogLevel {
  return value === 'debug' || value === 'warn' || value === 'error' ? value : 'info';
}

/** The process-wide logger (LOG_LEVEL: debug, info, warn or error). */
export const logger: Logger = createLogger({ level: levelFromEnv(process.env.LOG_LEVEL) });
