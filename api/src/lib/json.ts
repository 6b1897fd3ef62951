// Small converters the presenters share.

export const iso = (date: Date | string) => new Date(date).toISOString();

/** SQLite hands JSON columns back as text when read through raw queries; accept both. */
export function stringArray(value: unknown): string[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed)
    ? parsed.filter((item): item is string => typeof item === 'string')
    : [];
}
