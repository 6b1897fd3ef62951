import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { productSchema } from '@shared/schemas';
import type { Product } from '@shared/types';
import { runWithToast, serverMessage } from '../../lib/toast';
import { useProductMutations } from '../../queries/useProducts';

/** A product a feed keeps: the fields staff changed by hand stay as staff left them. */
type FeedProduct = Product & {
  feedId?: string | null;
  /** The admin list's name of the feed (AdminProductRow). */
  feedName?: string | null;
  lockedFields?: string[] | null;
};

/** Indonesian names of the fields a feed may lock; any other shows as it is stored. */
const LOCKED_FIELD_LABELS: Record<string, string> = {
  title: 'Judul',
  description: 'Deskripsi',
  imageUrl: 'Gambar',
  imageUrls: 'Variasi gambar',
  categoryId: 'Kategori',
  discountPercentage: 'Diskon',
  isActive: 'Status aktif',
  price: 'Harga',
  priceValue: 'Harga',
  originalPriceValue: 'Harga sebelum diskon',
  affiliateUrl: 'Tautan afiliasi',
  availability: 'Ketersediaan',
};

export function lockedFieldLabel(field: string): string {
  return LOCKED_FIELD_LABELS[field] ?? field;
}

/**
 * The fields of a feed product that staff edits locked, each with "Buka kunci": unlocking
 * saves the product with `lockedFields` without that field, so the next run updates it again.
 */
export function LockedFieldsPanel({
  product,
  formValues,
}: {
  product: Product;
  /** The product as the form first showed it (the saved values, sent back unchanged). */
  formValues: unknown;
}) {
  const { feedId, feedName, lockedFields } = product as FeedProduct;
  const [locked, setLocked] = useState<string[]>(lockedFields ?? []);
  const { update } = useProductMutations();
  useEffect(() => setLocked((product as FeedProduct).lockedFields ?? []), [product]);

  if (!feedId && !feedName && locked.length === 0) return null;

  const unlock = (field: string) => {
    const rest = locked.filter((name) => name !== field);
    void runWithToast({
      lang: 'id',
      run: async () => {
        // The product's own values go back unchanged; only the lock list changes.
        const input = { ...productSchema.parse(formValues), lockedFields: rest };
        await update.mutateAsync({ id: product.id, input });
      },
      success: `${lockedFieldLabel(field)} dibuka: feed akan memperbaruinya lagi`,
      failure: (error) => serverMessage(error, 'Gagal membuka kunci'),
      onSuccess: () => setLocked(rest),
    });
  };

  return (
    <Alert
      color="blue"
      variant="light"
      title={feedName ? `Produk dari feed ${feedName}` : 'Produk dari feed'}
      data-testid="locked-fields"
    >
      {locked.length === 0 ? (
        <Text size="sm">
          Feed memperbarui produk ini. Kolom yang Anda ubah di sini akan dikunci dan tidak ditimpa
          feed.
        </Text>
      ) : (
        <>
          <Text size="sm" mb="xs">
            Kolom yang dikunci tidak ditimpa feed sampai dibuka:
          </Text>
          <Group gap="sm">
            {locked.map((field) => (
              <Group key={field} gap={4} wrap="nowrap">
                <Badge variant="outline" tt="none">
                  {lockedFieldLabel(field)}
                </Badge>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  loading={update.isPending}
                  aria-label={`Buka kunci ${lockedFieldLabel(field)}`}
                  onClick={() => unlock(field)}
                >
                  Buka kunci
                </Button>
              </Group>
            ))}
          </Group>
        </>
      )}
    </Alert>
  );
}
