import { Badge, Button, Card, Checkbox, Group, Image, Stack, Text } from '@mantine/core';
import type { AdminProductRow, ProductPriceLink } from '@shared/types';
import { useAdminConfig } from '../../api/ApiContext';
import { IconLink } from '../../components/admin-icons';
import { RowActions } from '../../components/RowActions';
import { displayPrice, platformName, priceSummary } from '../../lib/product-card';
import { mediaSrc } from '../../lib/urls';
import { PlatformBadges } from './PlatformBadges';

/** Compact price summary, from the links the page brought with the product. */
function PriceSummary({ links }: { links: ProductPriceLink[] }) {
  if (links.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        Belum ada link platform
      </Text>
    );
  }
  const { shown, moreLine } = priceSummary(links);
  return (
    <Stack gap={2} data-testid="price-summary">
      {shown.map((link) => (
        <Group key={link.id} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {platformName(link.platform)}
          </Text>
          <Text size="xs" fw={600}>
            {displayPrice(link.price)}
          </Text>
        </Group>
      ))}
      {moreLine && (
        <Text size="xs" c="dimmed" fs="italic">
          {moreLine}
        </Text>
      )}
    </Stack>
  );
}

/** A product in the admin grid (the site's own card is ProductCard). */
export function AdminProductCard({
  product,
  categoryName,
  onManagePrices,
  onEdit,
  onDelete,
  selected,
  onToggleSelect,
}: {
  product: AdminProductRow;
  categoryName: string;
  onManagePrices(): void;
  onEdit(): void;
  onDelete(): void;
  /** Chosen for a bulk action; the card has no checkbox without onToggleSelect. */
  selected?: boolean;
  onToggleSelect?(): void;
}) {
  const { apiBaseUrl } = useAdminConfig();

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={product.title}
      data-testid="product-card"
      data-selected={selected || undefined}
      style={selected ? { outline: '2px solid var(--mantine-color-blue-filled)' } : undefined}
    >
      <Card.Section pos="relative">
        <Image
          src={mediaSrc(product.imageUrl, apiBaseUrl)}
          alt={product.title}
          h={160}
          fit="cover"
          fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='4' height='3'%3E%3Crect width='4' height='3' fill='%23e9ecef'/%3E%3C/svg%3E"
          loading="lazy"
        />
        <Group gap={6} pos="absolute" top={8} left={8}>
          <Badge color={product.isActive ? 'teal' : 'gray'} variant="filled">
            {product.isActive ? 'Aktif' : 'Tidak Aktif'}
          </Badge>
          <Badge color="red" variant="filled">
            -{product.discountPercentage}%
          </Badge>
        </Group>
        {onToggleSelect && (
          <Checkbox
            pos="absolute"
            top={8}
            right={8}
            size="md"
            aria-label={`Pilih ${product.title}`}
            checked={selected ?? false}
            onChange={onToggleSelect}
            styles={{ input: { boxShadow: '0 0 0 2px var(--mantine-color-white)' } }}
          />
        )}
      </Card.Section>

      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text size="xs" c="dimmed">
          {categoryName}
        </Text>
        <Text fw={600} lineClamp={2}>
          {product.title}
        </Text>
        {product.badgeText && (
          <Badge color={product.badgeColor} variant="light" w="fit-content">
            {product.badgeText}
          </Badge>
        )}
        <PlatformBadges platforms={product.platforms} />
        <PriceSummary links={product.links} />
      </Stack>

      <Stack gap="xs" mt="md">
        <Button
          size="xs"
          variant="light"
          fullWidth
          leftSection={<IconLink size={14} />}
          onClick={onManagePrices}
          aria-label={`Kelola harga platform ${product.title}`}
        >
          Kelola Harga Platform
        </Button>
        <RowActions
          variant="buttons"
          grow
          editLabel={`Edit ${product.title}`}
          deleteLabel={`Hapus ${product.title}`}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      </Stack>
    </Card>
  );
}
