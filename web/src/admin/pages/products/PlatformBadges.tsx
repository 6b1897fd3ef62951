import { Badge, Group } from '@mantine/core';
import { platformBadges, platformName } from '../../lib/product-card';

/**
 * The platforms a product is sold on, as badges: at most 3 and a '+N' count (spec section 9),
 * the same in the product table, the product card and the product form.
 */
export function PlatformBadges({
  platforms,
  max,
}: {
  platforms: readonly string[];
  /** Show more than the spec's 3 where there is room for every one (the product form). */
  max?: number;
}) {
  const badges = platformBadges(platforms, max);
  return (
    <Group gap={4} data-testid="platform-badges" wrap="wrap">
      {badges.shown.map((platform) => (
        <Badge key={platform} variant="outline" color="gray" size="sm">
          {platformName(platform)}
        </Badge>
      ))}
      {badges.more > 0 && (
        <Badge variant="light" color="gray" size="sm">
          +{badges.more}
        </Badge>
      )}
    </Group>
  );
}
