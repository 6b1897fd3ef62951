import { Anchor, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatNumber } from '@shared/rules/format';
import { galleryImages } from '@shared/rules/media';
import type { Product } from '@shared/types';
import { useAdminConfig } from '../../api/ApiContext';
import { mediaSrc } from '../../lib/urls';

const PLACEHOLDER =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='4' height='3'%3E%3Crect width='4' height='3' fill='%23e9ecef'/%3E%3C/svg%3E";

/** The images a shopper's product card and window show: the main image, then the variations. */
export function variationsHeading(count: number): string {
  return `Variasi gambar: ${formatNumber(count)}`;
}

/**
 * The product's image variations (its `imageUrls`), beside the gallery: the specification keeps
 * them apart from the gallery images, and the shopper's card shows these. They are edited in
 * the product form, so this side only shows them and leads there.
 */
export function ProductVariationsPanel({ product }: { product: Product }) {
  const { apiBaseUrl } = useAdminConfig();
  const variations = galleryImages(product);
  return (
    <Stack gap="sm" data-testid="image-variations" aria-labelledby="image-variations-heading">
      <div>
        <Text size="sm" fw={600} id="image-variations-heading" data-testid="variations-count">
          {variationsHeading(variations.length)}
        </Text>
        <Text size="sm" c="dimmed">
          Gambar yang dilihat pembeli di kartu dan jendela produk: gambar utama, lalu variasinya.
          Diubah lewat{' '}
          <Anchor
            component={Link}
            to={`/products?search=${encodeURIComponent(product.title)}`}
            size="sm"
          >
            formulir produk
          </Anchor>
          .
        </Text>
      </div>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
        <Figure src={mediaSrc(product.imageUrl, apiBaseUrl)} caption="Gambar utama" />
        {variations.map((url, index) => (
          <Figure
            key={`${index}-${url}`}
            src={mediaSrc(url, apiBaseUrl)}
            caption={`Variasi ${index + 1}`}
          />
        ))}
      </SimpleGrid>
      {variations.length === 0 && (
        <Text size="xs" c="dimmed">
          Belum ada variasi gambar; pembeli melihat gambar utama saja.
        </Text>
      )}
    </Stack>
  );
}

/** A thumbnail named by its caption (the image itself is left unnamed, so it is read once). */
function Figure({ src, caption }: { src: string | undefined; caption: string }) {
  return (
    <Stack gap={2} component="figure" m={0} data-testid="variation-image">
      <Image src={src} alt="" h={72} radius="sm" fit="cover" fallbackSrc={PLACEHOLDER} />
      <Text component="figcaption" size="xs" c="dimmed">
        {caption}
      </Text>
    </Stack>
  );
}
