import { auditField, type AuditFieldKind } from '@shared/audit-fields';
import { formatDateTime, formatNumber } from '@shared/rules/format';
import { formatRupiah } from '@shared/rules/price';
import type { AuditEntry } from '@shared/types';
import {
  BADGE_COLOR_LABELS,
  FAQ_CATEGORY_LABELS,
  labelOf,
  MEDIA_TYPE_LABELS,
  POPUP_IMAGE_POSITION_LABELS,
  POPUP_TYPE_LABELS,
} from './enum-labels';

/** The label tables of the enum kinds (the stored values stay as the spec names them). */
const ENUM_LABELS: Partial<Record<AuditFieldKind, Record<string, string>>> = {
  mediaType: MEDIA_TYPE_LABELS,
  badgeColor: BADGE_COLOR_LABELS,
  faqCategory: FAQ_CATEGORY_LABELS,
  popupType: POPUP_TYPE_LABELS,
  popupImagePosition: POPUP_IMAGE_POSITION_LABELS,
};

/** What the screen knows beside the log: category id -> name, for a product's category. */
export interface AuditValueContext {
  categoryName?(id: string): string | undefined;
}

const EMPTY = '—';

function formatScalar(kind: AuditFieldKind, value: unknown, context: AuditValueContext): string {
  if (typeof value === 'boolean') return value ? 'Ya' : 'Tidak';
  const enumLabels = ENUM_LABELS[kind];
  if (enumLabels && typeof value === 'string') return labelOf(enumLabels, value);
  const number = typeof value === 'number' ? value : Number(value);
  const numeric = (typeof value === 'number' || typeof value === 'string') && value !== '';
  if (kind === 'rupiah' && numeric && Number.isFinite(number)) return formatRupiah(number);
  if (kind === 'percent' && numeric && Number.isFinite(number)) return `${formatNumber(number)}%`;
  if (kind === 'date' && (typeof value === 'string' || typeof value === 'number')) {
    return formatDateTime(value);
  }
  if (kind === 'category' && numeric) {
    return context.categoryName?.(String(value)) ?? `#${String(value)}`;
  }
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** A before or after value as one short line, as staff read it (Ya/Tidak, Rp 89.000, ...). */
export function formatAuditValue(
  kind: AuditFieldKind,
  value: unknown,
  context: AuditValueContext = {},
): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (Array.isArray(value)) {
    return value.length === 0
      ? EMPTY
      : value.map((item) => formatScalar(kind, item, context)).join(', ');
  }
  return formatScalar(kind, value, context);
}

export interface AuditChangeLine {
  field: string;
  label: string;
  before: string;
  after: string;
  /** The value is gone after (a delete): the screen does not strike the before out. */
  deleted: boolean;
}

/**
 * An entry's changes as labelled lines, in the order the log keeps them. A field empty on both
 * sides (a new product's empty gallery) says nothing and is left out.
 */
export function auditChangeLines(
  entry: Pick<AuditEntry, 'entity' | 'changes'>,
  context: AuditValueContext = {},
): AuditChangeLine[] {
  return Object.entries(entry.changes ?? {})
    .map(([field, [before, after]]) => {
      const { label, kind } = auditField(entry.entity, field);
      return {
        field,
        label,
        before: formatAuditValue(kind, before, context),
        after: formatAuditValue(kind, after, context),
        deleted: after === null,
      };
    })
    .filter((line) => line.before !== EMPTY || line.after !== EMPTY);
}
