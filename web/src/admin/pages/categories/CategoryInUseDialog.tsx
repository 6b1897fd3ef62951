import { Button, Group, Modal, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatNumber } from '@shared/rules/format';
import type { CategoryWithCount } from '@shared/types';

/**
 * Shown instead of the delete question for a category that still has products: the server
 * would refuse the delete (409), so the admin learns why first and can open those products.
 */
export function CategoryInUseDialog({
  category,
  onClose,
}: {
  category: CategoryWithCount | null;
  onClose(): void;
}) {
  return (
    <Modal
      opened={category !== null}
      onClose={onClose}
      title="Kategori masih berisi produk"
      size="md"
    >
      {category && (
        <>
          <Text mb="lg" data-testid="category-in-use">
            Kategori <strong>{category.name}</strong> masih memiliki{' '}
            <strong>{formatNumber(category.productCount)} produk</strong>. Pindahkan produk tersebut
            ke kategori lain atau hapus dulu, lalu hapus kategori ini.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              Tutup
            </Button>
            <Button
              component={Link}
              to={`/products?category=${encodeURIComponent(category.id)}`}
              onClick={onClose}
            >
              Lihat Produk
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
