/**
 * A tiny structured logger: one JSON object per line on stdout/stderr. It stands in for pino
 * (not installed) behind the same shape — `logger.error({ ...fields }, 'message')` — so it
 * can be swapped for pino later without touching the call sites.
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
  const threshold = LEVELS[options.level ?? 'info'];
  const write =
    options.write ??
    ((line: string, level: LogLevel) => {
      (LEVELS[level] >= LEVELS.warn ? process.stderr : process.stdout).write(`${line}\n`);
    });
  const emit = (level: LogLevel) => (fields: LogFields, message: string) => {
    if (LEVELS[level] < threshold) return;
    let line: string;
    try {
      line = JSON.stringify({
        level,
        time: new Date().toISOString(),
        msg: message,
        ...redact(fields),
      });
    } catch {
      line = JSON.stringify({ level, time: new Date().toISOString(), msg: message });
    }
    write(line, level);
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

function levelFromEnv(value: string | undefined): LogLevel {
  return value === 'debug' || value === 'warn' || value === 'error' ? value : 'info';
}

/** The process-wide logger (LOG_LEVEL: debug, info, warn or error). */
export const logger: Logger = createLogger({ level: levelFromEnv(process.env.LOG_LEVEL) });
