import { useMediaQuery } from '@mantine/hooks';

/**
 * Below the tablet width: narrower than Mantine's `sm` breakpoint (48em, 768 px at the default
 * font size), i.e. a phone. There the product list opens as cards and tables stack their rows.
 */
export const BELOW_TABLET_QUERY = '(max-width: 47.99em)';

/** Read at once, not after a first render: a phone never flashes the wide table. */
export function useBelowTablet(): boolean {
  return useMediaQuery(BELOW_TABLET_QUERY, undefined, { getInitialValueInEffect: false });
}
