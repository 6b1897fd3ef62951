import { AsyncLocalStorage } from 'node:async_hooks';
import {
  QueryTypes,
  type Model,
  type ModelStatic,
  type Sequelize,
  type Transaction,
} from 'sequelize';
import { auditField } from '@shared/audit-fields';
import { addModelHooks } from '../db/model-hooks';
import { toDbTimestamp } from '../db/timestamps';
import { PRODUCT_PARTS, recordName } from './record-names';

/**
 * The audit log: an append-only record of who changed what, when and from where.
 *
 * Model hooks write an entry for every create, update and delete of what admins manage, inside
 * the writing transaction, so a route cannot forget to. Who acts comes from the request's
 * context (`runAs`, set by requireAdmin once the session is checked); writes made outside any
 * context (the demo seed) are not audited. Bulk writes, imports, sign-ins and sign-outs call
 * `appendAudit` themselves. Nothing here updates or deletes an entry, and the database refuses
 * to (triggers of migration 0005).
 */

export interface AuditActor {
  userId: number | null;
  /** The signed-in user's name, or e.g. 'cli' / 'system' for writes outside the web. */
  username: string;
  ip: string | null;
}

/** `{field: [before, after]}`; before is null on create, after is null on delete. */
export type AuditChanges = Record<string, [unknown, unknown]>;

export interface AuditEntryInput {
  action: string;
  entity: string;
  entityId?: string | null;
  summary: string;
  /** The record's name when the entry is written, kept for when the record is gone. */
  entityLabel?: string | null;
  changes?: AuditChanges | null;
  /** Defaults to the context's actor. */
  actor?: AuditActor;
}

const actors = new AsyncLocalStorage<AuditActor>();

/** Runs `work` (and everything it awaits) as `actor`. */
export function runAs<T>(actor: AuditActor, work: () => T): T {
  return actors.run(actor, work);
}

export function currentActor(): AuditActor | null {
  return actors.getStore() ?? null;
}

/** Never logged, before or after: passwords, hashes, secrets and tokens. */
export const SECRET_FIELD = /password|hash|secret|token/i;
/** Bookkeeping every save touches; not worth an entry. */
const IGNORED_FIELDS = new Set(['createdAt', 'updatedAt', 'lastModified']);
const MAX_TEXT = 1000;
const MAX_SUMMARY = 500;
const MAX_LABEL = 300;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A value as the log keeps it: JSON-safe, long texts shortened. */
function loggable(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return clip(value, MAX_TEXT);
  if (typeof value === 'bigint') return value.toString();
  return value;
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(loggable(a)) === JSON.stringify(loggable(b));

/** Drops secret fields from a changes object (also for explicit entries). */
export function withoutSecrets(changes: AuditChanges | null | undefined): AuditChanges | null {
  if (!changes) return null;
  const kept: AuditChanges = {};
  for (const [field, [before, after]] of Object.entries(changes)) {
    if (SECRET_FIELD.test(field)) continue;
    kept[field] = [loggable(before), loggable(after)];
  }
  return kept;
}

/** The sequelize a transaction belongs to (Sequelize keeps it on the transaction). */
function sequelizeOf(transaction: Transaction): Sequelize {
  return (transaction as unknown as { sequelize: Sequelize }).sequelize;
}

/**
 * Appends one entry inside `transaction`. With no actor in the context and none given, the
 * entry is written as 'system'.
 */
export async function appendAudit(transaction: Transaction, entry: AuditEntryInput): Promise<void> {
  const actor = entry.actor ?? currentActor() ?? { userId: null, username: 'system', ip: null };
  const changes = withoutSecrets(entry.changes);
  await sequelizeOf(transaction).query(
    `INSERT INTO audit_log
       (at, "userId", username, action, entity, "entityId", summary, "entityLabel", changes, ip)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    {
      replacements: [
        toDbTimestamp(Date.now()),
        actor.userId,
        clip(actor.username.trim(), 100),
        entry.action,
        entry.entity,
        entry.entityId ?? null,
        clip(entry.summary, MAX_SUMMARY),
        entry.entityLabel ? clip(entry.entityLabel, MAX_LABEL) : null,
        changes && Object.keys(changes).length > 0 ? JSON.stringify(changes) : null,
        actor.ip ? clip(actor.ip, 64) : null,
      ],
      transaction,
    },
  );
}

/** How the log names each audited model's records. */
interface AuditedModel {
  entity: string;
  /** The record's kind in a summary ('produk'). */
  noun: string;
  id?(values: Record<string, unknown>): string;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export const AUDITED_MODELS: Record<string, AuditedModel> = {
  User: { entity: 'user', noun: 'pengguna' },
  Category: { entity: 'category', noun: 'kategori' },
  Product: { entity: 'product', noun: 'produk' },
  PlatformLink: { entity: 'platform_link', noun: 'tautan platform' },
  ProductImage: { entity: 'product_image', noun: 'gambar produk' },
  ContentBlock: { entity: 'content', noun: 'konten', id: (v) => text(v.key) },
  Faq: { entity: 'faq', noun: 'FAQ' },
  MetaTag: { entity: 'meta_tag', noun: 'meta tag' },
  Popup: { entity: 'popup', noun: 'popup' },
};

type Values = Record<string, unknown>;

function recordValues(record: Model): Values {
  return record.get({ plain: true }) as Values;
}

function snapshot(values: Values, side: 'before' | 'after'): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, value] of Object.entries(values)) {
    // The id is the entry's entityId already.
    if (field === 'id' || IGNORED_FIELDS.has(field) || SECRET_FIELD.test(field)) continue;
    if (value === null || value === undefined) continue;
    changes[field] = side === 'before' ? [value, null] : [null, value];
  }
  return changes;
}

/** What an update changed, and whether it changed a secret field (never shown). */
function diff(record: Model): { changes: AuditChanges; secretChanged: boolean } {
  const changed = record.changed();
  const changes: AuditChanges = {};
  let secretChanged = false;
  for (const field of Array.isArray(changed) ? changed : []) {
    if (IGNORED_FIELDS.has(field)) continue;
    const before = record.previous(field as never) as unknown;
    const after = record.get(field) as unknown;
    if (same(before, after)) continue;
    if (SECRET_FIELD.test(field)) {
      secretChanged = true;
      continue;
    }
    changes[field] = [before, after];
  }
  return { changes, secretChanged };
}

function updateSummary(
  config: AuditedModel,
  label: string,
  changes: AuditChanges,
  secretChanged: boolean,
): string {
  const fields = Object.keys(changes);
  if (config.entity === 'user') {
    if (fields.length === 1 && fields[0] === 'disabled') {
      return `${changes.disabled![1] ? 'Menonaktifkan' : 'Mengaktifkan'} pengguna “${label}”`;
    }
    if (secretChanged && fields.length === 0) return `Mengatur ulang kata sandi “${label}”`;
  }
  const what = [
    ...fields.map((field) => auditField(config.entity, field).label),
    ...(secretChanged ? ['kata sandi'] : []),
  ].join(', ');
  return `Mengubah ${config.noun} “${label}”: ${what}`;
}

/** The record's name; a product's part is named with the product's title, read here. */
async function nameOf(entity: string, values: Values, transaction: Transaction): Promise<string> {
  if (!PRODUCT_PARTS.has(entity) || !values.productId) return recordName(entity, values);
  const [product] = await sequelizeOf(transaction).query<{ title: string }>(
    'SELECT title FROM products WHERE id = ?',
    { replacements: [values.productId], transaction, type: QueryTypes.SELECT },
  );
  return recordName(entity, { ...values, productTitle: product?.title });
}

/** Registers the audit hooks on the models an admin manages. */
export function auditModels(models: Record<string, ModelStatic<Model>>): void {
  for (const [name, config] of Object.entries(AUDITED_MODELS)) {
    const model = models[name];
    if (!model) continue;
    const idOf = (values: Values) => (config.id ? config.id(values) : text(values.id));
    /** Appends the entry `entry` builds from the record's name and values. */
    const audited = async (
      record: Model,
      options: { transaction?: Transaction | null },
      entry: (label: string, values: Values) => Omit<AuditEntryInput, 'entity'>,
    ) => {
      const transaction = options.transaction;
      if (!currentActor() || !transaction) return;
      const values = recordValues(record);
      const label = await nameOf(config.entity, values, transaction);
      await appendAudit(transaction, {
        ...entry(label, values),
        entity: config.entity,
        entityId: idOf(values),
        entityLabel: label,
      });
    };

    model.addHook('afterCreate', 'audit', (record: Model, options) =>
      audited(record, options, (label, values) => ({
        action: 'create',
        summary: `Membuat ${config.noun} “${label}”`,
        changes: snapshot(values, 'after'),
      })),
    );
    model.addHook('afterUpdate', 'audit', (record: Model, options) => {
      const { changes, secretChanged } = diff(record);
      if (Object.keys(changes).length === 0 && !secretChanged) return;
      return audited(record, options, (label) => ({
        action: 'update',
        summary: updateSummary(config, label, changes, secretChanged),
        changes,
      }));
    });
    model.addHook('afterDestroy', 'audit', (record: Model, options) =>
      audited(record, options, (label, values) => ({
        action: 'delete',
        summary: `Menghapus ${config.noun} “${label}”`,
        changes: snapshot(values, 'before'),
      })),
    );
  }
}

// Every database opened in this process audits its models (see addModelHooks for why here).
addModelHooks(auditModels);
