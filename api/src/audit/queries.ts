import { QueryTypes } from 'sequelize';
import { z } from 'zod';
import type { AuditEntry, AuditPage } from '@shared/types';
import type { Database } from '../db/database';
import { fromDbTimestamp } from '../db/timestamps';
import { positiveInt } from '../lib/params';
import { recordNames } from './entity-labels';

const filter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);

export const AUDIT_PAGE_SIZE = 20;

/** GET /api/admin/audit?page=N&limit=L&entity=E&entityId=ID&username=U */
export const auditQuerySchema = z.object({
  page: positiveInt(1, 1_000_000),
  limit: positiveInt(AUDIT_PAGE_SIZE, 100),
  entity: filter(40),
  entityId: filter(100),
  username: filter(100),
});

export type AuditQuery = z.output<typeof auditQuerySchema>;

interface AuditRow {
  id: number | string;
  at: unknown;
  username: string;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
  entityLabel: string | null;
  changes: string | null;
  ip: string | null;
}

function parseChanges(text: string | null): AuditEntry['changes'] {
  if (!text) return null;
  try {
    return JSON.parse(text) as AuditEntry['changes'];
  } catch {
    return null;
  }
}

/** An entry; `name` is the record's name as `recordNames` resolves it for the page. */
export const presentAuditEntry = (row: AuditRow, name: string | null = null): AuditEntry => ({
  id: String(row.id),
  at: new Date(fromDbTimestamp(row.at)).toISOString(),
  username: row.username,
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  entityLabel: name ?? row.entityLabel ?? null,
  summary: row.summary,
  changes: parseChanges(row.changes),
  ip: row.ip,
});

/** One page of the log, newest first, filtered on the server. */
export async function listAudit(db: Database, query: AuditQuery): Promise<AuditPage> {
  const conditions: string[] = [];
  const replacements: unknown[] = [];
  if (query.entity) {
    conditions.push('entity = ?');
    replacements.push(query.entity);
  }
  if (query.entityId) {
    conditions.push('"entityId" = ?');
    replacements.push(query.entityId);
  }
  if (query.username) {
    conditions.push('username = ?');
    replacements.push(query.username);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const [count] = await db.sequelize.query<{ total: number | string }>(
    `SELECT COUNT(*) AS total FROM audit_log ${where}`,
    { replacements, type: QueryTypes.SELECT },
  );
  const totalCount = Number(count?.total ?? 0);
  const totalPages = Math.max(1, Math.ceil(totalCount / query.limit));
  const rows = await db.sequelize.query<AuditRow>(
    `SELECT id, at, username, action, entity, "entityId", summary, "entityLabel", changes, ip
     FROM audit_log ${where}
     ORDER BY at DESC, id DESC
     LIMIT ? OFFSET ?`,
    {
      replacements: [...replacements, query.limit, (query.page - 1) * query.limit],
      type: QueryTypes.SELECT,
    },
  );
  const nameOf = await recordNames(db, rows);
  return {
    entries: rows.map((row) => presentAuditEntry(row, nameOf(row.entity, row.entityId))),
    currentPage: query.page,
    totalPages,
    totalCount,
  };
}
