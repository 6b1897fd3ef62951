import { Text } from '@mantine/core';
import { formatRupiah } from '@shared/rules/price';

/** What the site reads from a display price: 'Terbaca: Rp 1.299.000' or 'Harga tidak terbaca'. */
export function parsedPriceText(value: number | null): string {
  return value === null ? 'Harga tidak terbaca' : `Terbaca: ${formatRupiah(value)}`;
}

/** The number the site compares prices by, under the free-text price as it is typed. */
export function ParsedPrice({ value }: { value: number | null }) {
  return (
    <Text
      component="span"
      size="xs"
      c={value === null ? 'orange' : 'green'}
      data-testid="parsed-price"
    >
      {parsedPriceText(value)}
    </Text>
  );
}
