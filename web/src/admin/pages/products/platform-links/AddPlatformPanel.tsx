import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { Platform } from '@shared/constants';
import type { z } from 'zod';
import { parseRupiah } from '@shared/rules/price';
import { platformLinkCreateSchema } from '@shared/schemas';
import { SelectField, textField } from '../../../components/form-fields';
import { IconPlus } from '../../../components/admin-icons';
import { useEntityForm } from '../../../components/EntityFormDialog';
import { serverMessage } from '../../../lib/toast';
import { usePlatformLinkMutations } from '../../../queries/usePlatformLinks';
import { LINK_FIELDS, platformOptions } from './link-form';
import { ParsedPrice } from './ParsedPrice';
import { ShoppingFields } from './ShoppingFields';

type CreateForm = z.input<typeof platformLinkCreateSchema>;
type CreateValues = z.output<typeof platformLinkCreateSchema>;

/** 'Tambah Platform Baru': a new link for one of the platforms not linked yet. */
export function AddPlatformPanel({
  productId,
  available,
  onAdded,
}: {
  productId: string;
  available: Platform[];
  onAdded(): void;
}) {
  const { create } = usePlatformLinkMutations(productId);
  const empty: CreateForm = {
    productId,
    platform: '' as Platform,
    affiliateUrl: '',
    price: '',
    originalPriceValue: '',
    availability: 'in_stock',
  };
  const form = useEntityForm<CreateForm, CreateValues>(
    { resolver: zodResolver(platformLinkCreateSchema), defaultValues: empty },
    LINK_FIELDS,
  );
  const { register, control, formState, reset } = form;
  const [platform, affiliateUrl, price] = useWatch({
    control,
    name: ['platform', 'affiliateUrl', 'price'],
  });
  // Spec section 5: all three are required, otherwise the Add button is disabled.
  const complete = Boolean(platform) && affiliateUrl.trim() !== '' && price.trim() !== '';

  const onSubmit = form.submitWithToast((values) => ({
    lang: 'id',
    run: () => create.mutateAsync(values),
    success: 'Platform link berhasil ditambahkan',
    failure: (error) => serverMessage(error, 'Gagal menambahkan platform link'),
    onSuccess: () => {
      reset(empty);
      onAdded();
    },
  }));

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      bg="gray.0"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Tambah platform baru"
    >
      <Text fw={600} size="sm" mb="sm">
        Tambah Platform Baru
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <SelectField
          control={control}
          name="platform"
          label="Platform"
          placeholder="Pilih platform"
          data={platformOptions(available)}
        />
        <TextInput
          label="URL Afiliasi"
          placeholder="https://..."
          {...textField(register, formState.errors, 'affiliateUrl')}
        />
        <TextInput
          label="Harga"
          placeholder="Rp 100.000"
          description={price.trim() ? <ParsedPrice value={parseRupiah(price)} /> : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...textField(register, formState.errors, 'price')}
        />
        <ShoppingFields control={control} />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button
          type="submit"
          disabled={!complete}
          loading={formState.isSubmitting}
          leftSection={<IconPlus size={14} />}
        >
          Tambah
        </Button>
      </Group>
    </Paper>
  );
}
