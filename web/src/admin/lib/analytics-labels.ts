// Indonesian names of the values the analytics reports answer in English keys.

const SOURCE_GROUP_LABELS: Record<string, string> = {
  search: 'Mesin pencari',
  social: 'Media sosial',
  marketplace: 'Marketplace',
  other: 'Situs lain',
  direct: 'Langsung',
};

/** A source row's name: the group in Indonesian, or the referrer/utm value as it came. */
export function sourceLabel(by: string, key: string): string {
  if (by === 'group') return SOURCE_GROUP_LABELS[key] ?? key;
  if (key === '') return by === 'referrer' ? 'Langsung (tanpa perujuk)' : '(tidak ada)';
  return key;
}

export const SOURCE_GROUP_OPTIONS = Object.entries(SOURCE_GROUP_LABELS).map(([value, label]) => ({
  value,
  label,
}));

const DEVICE_LABELS: Record<string, string> = {
  mobile: 'Ponsel',
  phone: 'Ponsel',
  tablet: 'Tablet',
  desktop: 'Desktop',
  tv: 'TV',
};

export function deviceName(device: string): string {
  return DEVICE_LABELS[device.toLowerCase()] ?? (device || 'Tidak diketahui');
}

export const FUNNEL_STEP_LABELS: Record<string, string> = {
  visit: 'Kunjungan',
  product: 'Buka produk',
  click: 'Klik marketplace',
};
