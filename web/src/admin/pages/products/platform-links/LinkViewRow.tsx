import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatRupiah } from '@shared/rules/price';
import type { PlatformLink } from '@shared/types';
import { RowActions } from '../../../components/RowActions';
import { displayPrice, platformName } from '../../../lib/product-card';
import { safeHref } from '../../../lib/urls';
import { ParsedPrice } from './ParsedPrice';

/** A link row as read: platform, price, what the site reads from it, health and address. */
export function LinkViewRow({
  link,
  onEdit,
  onDelete,
}: {
  link: PlatformLink;
  onEdit(): void;
  onDelete(): void;
}) {
  const href = safeHref(link.affiliateUrl);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="link-row"
      aria-label={platformName(link.platform)}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap="xs">
            <Badge variant="light">{platformName(link.platform)}</Badge>
            <Text fw={600} size="sm" data-testid="link-price">
              {displayPrice(link.price)}
            </Text>
            <ParsedPrice value={link.priceValue ?? null} />
            {link.originalPriceValue !== null && link.originalPriceValue !== undefined ? (
              <Text size="xs" c="dimmed" data-testid="link-original-price">
                sebelum diskon {formatRupiah(link.originalPriceValue)}
              </Text>
            ) : null}
            {link.availability === 'out_of_stock' ? (
              <Badge color="gray" variant="light" data-testid="link-out-of-stock">
                Stok habis
              </Badge>
            ) : null}
            {link.health?.isBroken ? (
              <Badge color="red" variant="light" data-testid="link-broken">
                Link rusak{link.health.lastStatus ? ` (${link.health.lastStatus})` : ''}
              </Badge>
            ) : null}
          </Group>
          {href ? (
            <Anchor href={href} target="_blank" rel="noopener noreferrer" size="xs" truncate="end">
              {link.affiliateUrl}
            </Anchor>
          ) : (
            <Text size="xs" c="dimmed" truncate="end">
              {link.affiliateUrl}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <RowActions
            variant="buttons"
            deleteLabel={`Hapus ${platformName(link.platform)}`}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </Group>
      </Group>
    </Paper>
  );
}
