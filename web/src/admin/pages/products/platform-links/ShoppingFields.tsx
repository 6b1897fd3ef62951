import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Switch } from '@mantine/core';
import { NumberField } from '../../../components/form-fields';

/**
 * The link fields shoppers' prices read (docs/contracts.md, "Prices shoppers can read"): the
 * price before the discount, optional, and the "Stok habis" switch over `availability`.
 */
export function ShoppingFields<T extends FieldValues>({ control }: { control: Control<T> }) {
  return (
    <>
      <NumberField
        control={control}
        name={'originalPriceValue' as Path<T>}
        label="Harga sebelum diskon"
        description="Opsional, dalam rupiah; harus lebih besar dari harga sekarang"
        min={0}
      />
      <StockSwitch control={control} name={'availability' as Path<T>} />
    </>
  );
}

function StockSwitch<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  const { field } = useController({ control, name });
  return (
    <Switch
      mt={{ sm: 'xl' }}
      label="Stok habis"
      description="Ditandai untuk pengunjung dan tidak ditawarkan sebagai harga termurah"
      checked={field.value === 'out_of_stock'}
      onChange={(event) =>
        field.onChange(event.currentTarget.checked ? 'out_of_stock' : 'in_stock')
      }
      onBlur={field.onBlur}
      name={field.name}
      ref={field.ref}
    />
  );
}
