import { formatRupiah } from '@shared/rules/price';

/**
 * The price before the discount, struck through, and the rupiah saved ("Hemat Rp 701.000"),
 * from the numbers the API computed with shared/rules/saving.ts; nothing when there is no
 * "before" price (docs/contracts.md, "Prices shoppers can read").
 */
export function BeforeAndSaving({
  beforePrice,
  saving,
}: {
  beforePrice: number | null | undefined;
  saving: number | null | undefined;
}) {
  if (beforePrice === null || beforePrice === undefined || !saving) return null;
  return (
    <>
      <del className="price-before">
        <span className="sr-only">Harga sebelum diskon: </span>
        {formatRupiah(beforePrice)}
      </del>
      <span className="price-saving">{`Hemat ${formatRupiah(saving)}`}</span>
    </>
  );
}
