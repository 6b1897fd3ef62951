import { notFound } from '../errors';

/** Integer primary keys from the path; anything else is an unknown id (404), not a 500. */
export function intId(raw: unknown, what = 'Record'): number {
  const text = String(raw ?? '');
  if (!/^\d{1,10}$/.test(text)) throw notFound(`${what} not found`);
  const id = Number(text);
  if (id < 1 || id > 2_147_483_647) throw notFound(`${what} not found`);
  return id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuidId(raw: unknown, what = 'Record'): string {
  const text = String(raw ?? '');
  if (!UUID.test(text)) throw notFound(`${what} not found`);
  return text.toLowerCase();
}

export function isUuid(text: string): boolean {
  return UUID.test(text);
}
