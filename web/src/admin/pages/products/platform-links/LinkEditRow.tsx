import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { PLATFORMS } from '@shared/constants';
import type { z } from 'zod';
import { parseRupiah } from '@shared/rules/price';
import { platformLinkUpdateSchema } from '@shared/schemas';
import type { PlatformLink } from '@shared/types';
import { SelectField, textField } from '../../../components/form-fields';
import { useEntityForm } from '../../../components/EntityFormDialog';
import { serverMessage } from '../../../lib/toast';
import { usePlatformLinkMutations } from '../../../queries/usePlatformLinks';
import { LINK_FIELDS, platformOptions } from './link-form';
import { ParsedPrice } from './ParsedPrice';
import { ShoppingFields } from './ShoppingFields';

type UpdateForm = z.input<typeof platformLinkUpdateSchema>;
type UpdateValues = z.output<typeof platformLinkUpdateSchema>;

/** A link row in inline edit: platform, affiliate URL and price, with Save or Cancel. */
export function LinkEditRow({
  link,
  productId,
  takenByOthers,
  onDone,
}: {
  link: PlatformLink;
  productId: string;
  takenByOthers: ReadonlySet<string>;
  onDone(): void;
}) {
  const { update } = usePlatformLinkMutations(productId);
  const form = useEntityForm<UpdateForm, UpdateValues>(
    {
      resolver: zodResolver(platformLinkUpdateSchema),
      defaultValues: {
        platform: link.platform,
        affiliateUrl: link.affiliateUrl,
        price: link.price ?? '',
        originalPriceValue: link.originalPriceValue ?? '',
        availability: link.availability,
      },
    },
    LINK_FIELDS,
  );
  const { register, control, formState } = form;
  const typedPrice = useWatch({ control, name: 'price' });
  // A platform already linked by another row of this product cannot be chosen again.
  const choices = PLATFORMS.filter((p) => p === link.platform || !takenByOthers.has(p));

  const onSubmit = form.submitWithToast((values) => ({
    lang: 'id',
    run: () => update.mutateAsync({ id: link.id, input: values }),
    success: 'Platform link berhasil diperbarui',
    failure: (error) => serverMessage(error, 'Gagal memperbarui platform link'),
    onSuccess: onDone,
  }));

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      data-testid="link-edit-row"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <SelectField
          control={control}
          name="platform"
          label="Platform"
          data={platformOptions(choices)}
        />
        <TextInput
          label="URL Afiliasi"
          {...textField(register, formState.errors, 'affiliateUrl')}
        />
        <TextInput
          label="Harga"
          description={<ParsedPrice value={parseRupiah(typedPrice)} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...textField(register, formState.errors, 'price')}
        />
        <ShoppingFields control={control} />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button size="xs" variant="default" onClick={onDone} disabled={formState.isSubmitting}>
          Batal
        </Button>
        <Button size="xs" type="submit" loading={formState.isSubmitting}>
          Simpan
        </Button>
      </Group>
    </Paper>
  );
}
