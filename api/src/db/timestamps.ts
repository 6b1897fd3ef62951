/**
 * The text Sequelize itself writes for DATE columns ('YYYY-MM-DD HH:MM:SS.SSS +00:00'). On
 * SQLite those columns are compared as text, so bounds must be written in the same form;
 * PostgreSQL reads the same literal as a timestamptz.
 */
export function toDbTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', ' +00:00');
}

/**
 * Epoch ms of a DATE column as the driver returns it: a Date on PostgreSQL, Sequelize's text
 * ('YYYY-MM-DD HH:MM:SS.SSS +00:00') on SQLite.
 */
export function fromDbTimestamp(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  const text = String(value);
  const iso = /^\d{4}-\d{2}-\d{2} /.test(text)
    ? text.replace(' ', 'T').replace(/ ?([+-]\d{2}:\d{2})$/, '$1')
    : text;
  return Date.parse(iso);
}
