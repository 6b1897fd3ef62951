import { useEffect, useState } from 'react';
import type { Control, UseFormSetValue } from 'react-hook-form';
import type { z } from 'zod';
import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { PLATFORMS, PLATFORM_DISPLAY_NAMES, type Platform } from '@shared/constants';
import { platformsOfLinks } from '@shared/rules/platforms';
import type { productSchema } from '@shared/schemas';
import type { Product } from '@shared/types';
import { IconLink } from '../../components/admin-icons';
import { CheckboxGroupField } from '../../components/form-fields';
import { usePlatformLinks } from '../../queries/usePlatformLinks';
import { PlatformBadges } from './PlatformBadges';
import { PlatformPricesDialog } from './PlatformPricesDialog';

type ProductForm = z.input<typeof productSchema>;
type ProductValues = z.output<typeof productSchema>;

/**
 * The product's platforms in its form. Once the product has links, its platforms are the
 * links' (the server keeps them so): the form shows them read-only, with the way to 'Kelola
 * Harga Platform'. Before its first link, the form declares them (at least one, spec 5).
 */
export function ProductPlatformsField({
  control,
  setValue,
  product,
}: {
  control: Control<ProductForm, unknown, ProductValues>;
  setValue: UseFormSetValue<ProductForm>;
  product: Product | null;
}) {
  const links = usePlatformLinks(product?.id ?? null);
  const [managing, setManaging] = useState(false);
  const linked = links.data && links.data.length > 0 ? platformsOfLinks(links.data) : null;
  const linkedKey = linked?.join(',') ?? '';

  useEffect(() => {
    // The form sends what it shows; the server would answer the linked ones either way.
    if (linkedKey !== '') {
      setValue('platforms', linkedKey.split(',') as Platform[]);
    }
  }, [linkedKey, setValue]);

  const dialog = (
    <PlatformPricesDialog product={managing ? product : null} onClose={() => setManaging(false)} />
  );
  const manageButton = product && (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconLink size={14} />}
      onClick={() => setManaging(true)}
    >
      Kelola Harga Platform
    </Button>
  );

  // Until the links are known (or when they fail to load) the stored list is shown, read-only.
  if (product && (linked || links.isPending || links.isError)) {
    return (
      <Input.Wrapper
        label="Platform"
        description="Mengikuti tautan dan harga platform produk ini; ubah lewat Kelola Harga Platform."
      >
        <Group justify="space-between" mt="xs" gap="sm" data-testid="form-platforms">
          <PlatformBadges platforms={linked ?? product.platforms} max={PLATFORMS.length} />
          {manageButton}
        </Group>
        {dialog}
      </Input.Wrapper>
    );
  }

  return (
    <Stack gap={4}>
      <CheckboxGroupField
        control={control}
        name="platforms"
        label="Platform"
        required
        description={
          product
            ? 'Produk ini belum punya tautan platform. Setelah tautan pertama ditambahkan, platform mengikuti tautannya.'
            : 'Tempat produk dijual. Tautan dan harganya ditambahkan sesudah produk disimpan, lewat Kelola Harga Platform; sejak itu platform mengikuti tautannya.'
        }
        options={PLATFORMS.map((p) => ({ value: p, label: PLATFORM_DISPLAY_NAMES[p] }))}
      />
      {manageButton && (
        <Group>
          {manageButton}
          <Text size="xs" c="dimmed">
            Tambahkan tautan platform
          </Text>
        </Group>
      )}
      {dialog}
    </Stack>
  );
}
