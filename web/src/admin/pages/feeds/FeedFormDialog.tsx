import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useController, type Control, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { PLATFORM_DISPLAY_NAMES, PLATFORMS } from '@shared/constants';
import {
  FEED_FORMAT_LABELS,
  FEED_FORMATS,
  FEED_MAX_SCHEDULE_MINUTES,
  FEED_MIN_SCHEDULE_MINUTES,
  FEED_OUR_FIELD_LABELS,
  FEED_OUR_FIELDS,
  feedSchema,
} from '@shared/schemas/feed';
import type { Feed, FeedPreview } from '@shared/types';
import { useEntityForm } from '../../components/EntityFormDialog';
import { NumberField, SelectField, SwitchField } from '../../components/form-fields';
import { ErrorState } from '../../components/QueryState';
import {
  categoryTexts,
  cleanCategoryMap,
  cleanMapping,
  suggestMapping,
} from '../../lib/feed-display';
import { serverMessage } from '../../lib/toast';
import { useCategories } from '../../queries/useCategories';
import { useFeedMutations, useFeedPreview } from '../../queries/useFeeds';

type FeedValues = z.output<typeof feedSchema>;

/** The form's own shape: every mapping select and category select may be empty. */
interface FeedForm {
  name: string;
  url: string;
  format: string;
  platform: string;
  scheduleMinutes: number | string;
  newProducts: string;
  mapping: Record<string, string>;
  categoryMap: Record<string, string>;
  enabled: boolean;
}

const EMPTY: FeedForm = {
  name: '',
  url: '',
  format: 'csv',
  platform: '',
  scheduleMinutes: 60,
  newProducts: 'draft',
  mapping: {},
  categoryMap: {},
  enabled: true,
};

const BASIC_FIELDS = [
  'name',
  'url',
  'format',
  'platform',
  'scheduleMinutes',
  'newProducts',
] as const;
const FIELDS = [...BASIC_FIELDS, 'mapping', 'categoryMap', 'enabled'] as const;

/** How many preview rows the table shows (the API answers up to 20). */
const PREVIEW_ROWS = 5;

const schemaResolver = zodResolver(feedSchema);
/** Empty selects are left out before the contract's schema checks the feed. */
const resolver: Resolver<FeedForm, unknown, FeedValues> = (values, context, options) =>
  schemaResolver(
    {
      ...values,
      mapping: cleanMapping(values.mapping),
      categoryMap: cleanCategoryMap(values.categoryMap),
    } as never,
    context,
    options as never,
  ) as ReturnType<Resolver<FeedForm, unknown, FeedValues>>;

function toForm(feed: Feed): FeedForm {
  return {
    name: feed.name,
    url: feed.url,
    format: feed.format,
    platform: feed.platform,
    scheduleMinutes: feed.scheduleMinutes,
    newProducts: feed.newProducts,
    mapping: { ...feed.mapping },
    categoryMap: { ...feed.categoryMap },
    enabled: feed.enabled,
  };
}

/** The step holding the first field a server error names. */
function stepOfError(fields: string[]): number | null {
  if (fields.some((f) => (BASIC_FIELDS as readonly string[]).includes(f))) return 0;
  if (fields.some((f) => f === 'mapping' || f.startsWith('mapping.'))) return 1;
  if (fields.some((f) => f === 'categoryMap' || f.startsWith('categoryMap.'))) return 2;
  return null;
}

/** A clearable select bound to `name` (a mapping or category entry may be left empty). */
function ClearableSelect({
  control,
  name,
  label,
  data,
  placeholder,
}: {
  control: Control<FeedForm>;
  name: `mapping.${string}` | `categoryMap.${string}`;
  label: string;
  data: { value: string; label: string }[];
  placeholder: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      label={label}
      data={data}
      placeholder={placeholder}
      clearable
      searchable
      value={(field.value as string | undefined) || null}
      onChange={(value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      ref={field.ref}
      error={fieldState.error?.message}
      comboboxProps={{ zIndex: 1000 }}
    />
  );
}

function PreviewTable({ preview }: { preview: FeedPreview }) {
  const rows = preview.rows.slice(0, PREVIEW_ROWS);
  return (
    <Table.ScrollContainer minWidth={Math.max(480, preview.fields.length * 140)}>
      <Table striped withTableBorder fz="xs" data-testid="feed-preview-table">
        <Table.Caption>
          {`${rows.length} baris pertama dari pratinjau (${preview.rows.length} terbaca)`}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {preview.fields.map((field) => (
              <Table.Th key={field}>{field}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              {preview.fields.map((field) => (
                <Table.Td key={field} style={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
                  {row[field] ?? ''}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export interface FeedFormDialogProps {
  opened: boolean;
  /** null: a new feed. */
  feed: Feed | null;
  onClose(): void;
}

/** Add or change a feed in three steps: the feed, its preview and field mapping, its categories. */
export function FeedFormDialog({ opened, feed, onClose }: FeedFormDialogProps) {
  const mutations = useFeedMutations();
  const preview = useFeedPreview();
  const categories = useCategories();
  const [step, setStep] = useState(0);
  const editing = feed !== null;
  const form = useEntityForm<FeedForm, FeedValues>({ resolver, defaultValues: EMPTY }, FIELDS);
  const { register, reset, control, formState, trigger, getValues, setValue, watch } = form;

  const resetPreview = preview.reset;
  useEffect(() => {
    if (!opened) return;
    setStep(0);
    resetPreview();
    reset(feed ? toForm(feed) : EMPTY);
  }, [opened, feed, reset, resetPreview]);

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const loadPreview = () => {
    const { url, format } = getValues();
    preview.mutate(
      { url, format: format as FeedValues['format'] },
      {
        onSuccess: (answer) => {
          // The server may suggest a mapping; else the browser matches the fields by name.
          const suggested = (answer as FeedPreview & { mapping?: FeedForm['mapping'] }).mapping;
          const current = cleanMapping(getValues('mapping'));
          const filled = suggestMapping(answer.fields, { ...suggested, ...current });
          for (const ours of FEED_OUR_FIELDS) {
            if (!current[ours] && filled[ours]) setValue(`mapping.${ours}`, filled[ours]);
          }
        },
      },
    );
  };

  const next = async () => {
    if (step === 0) {
      if (!(await trigger([...BASIC_FIELDS]))) return;
      setStep(1);
      loadPreview();
      return;
    }
    if (step === 1) {
      if (!(await trigger('mapping'))) return;
      setStep(2);
    }
  };

  const onSubmit = form.submitWithToast((values) => ({
    lang: 'id',
    run: () =>
      editing
        ? mutations.update.mutateAsync({ id: feed.id, input: values })
        : mutations.create.mutateAsync(values),
    success: editing ? 'Feed berhasil diperbarui' : 'Feed berhasil ditambahkan',
    failure: (error) =>
      serverMessage(error, editing ? 'Gagal memperbarui feed' : 'Gagal menambahkan feed'),
    onSuccess: close,
    onError: () => {
      const target = stepOfError(Object.keys(form.formState.errors));
      if (target !== null) setStep(target);
    },
  }));

  const mappedCategoryField = watch('mapping.category');
  const categoryMap = watch('categoryMap');
  const fieldOptions = (preview.data?.fields ?? []).map((f) => ({ value: f, label: f }));
  // A field mapped before stays choosable when the preview does not show it (or failed).
  for (const mapped of Object.values(watch('mapping'))) {
    if (mapped && !fieldOptions.some((o) => o.value === mapped)) {
      fieldOptions.push({ value: mapped, label: mapped });
    }
  }
  const seenCategories = [
    ...(preview.data?.categories ?? []),
    ...(mappedCategoryField
      ? (preview.data?.rows ?? []).map((row) => row[mappedCategoryField]?.trim() ?? '')
      : []),
  ].filter(Boolean);
  const categoryList = categoryTexts(seenCategories, categoryMap);
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  // A message about the whole mapping (from the server); one field's goes under its select.
  const mappingMessage = (formState.errors.mapping as { message?: unknown } | undefined)?.message;

  return (
    <Modal opened={opened} onClose={close} title={editing ? 'Ubah Feed' : 'Tambah Feed'} size="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Stepper
            active={step}
            onStepClick={(target) => target < step && setStep(target)}
            size="sm"
          >
            <Stepper.Step label="Feed" description="Alamat dan jadwal">
              <Stack mt="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Nama feed"
                    withAsterisk
                    data-autofocus
                    error={formState.errors.name?.message}
                    {...register('name')}
                  />
                  <SelectField
                    control={control}
                    name="platform"
                    label="Platform"
                    required
                    placeholder="Pilih platform"
                    data={PLATFORMS.map((p) => ({ value: p, label: PLATFORM_DISPLAY_NAMES[p] }))}
                  />
                </SimpleGrid>
                <TextInput
                  label="URL feed"
                  withAsterisk
                  type="url"
                  placeholder="https://"
                  description="Alamat http(s) yang dibaca server pada setiap jadwal."
                  error={formState.errors.url?.message}
                  {...register('url')}
                />
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <SelectField
                    control={control}
                    name="format"
                    label="Format"
                    required
                    data={FEED_FORMATS.map((f) => ({ value: f, label: FEED_FORMAT_LABELS[f] }))}
                  />
                  <NumberField
                    control={control}
                    name="scheduleMinutes"
                    label="Jadwal (menit)"
                    description={`Minimal ${FEED_MIN_SCHEDULE_MINUTES} menit`}
                    required
                    min={FEED_MIN_SCHEDULE_MINUTES}
                    max={FEED_MAX_SCHEDULE_MINUTES}
                  />
                  <SelectField
                    control={control}
                    name="newProducts"
                    label="Produk baru dibuat sebagai"
                    required
                    data={[
                      { value: 'active', label: 'Aktif' },
                      { value: 'draft', label: 'Draf' },
                    ]}
                  />
                </SimpleGrid>
                <SwitchField control={control} name="enabled" label="Jalankan sesuai jadwal" />
              </Stack>
            </Stepper.Step>
            <Stepper.Step label="Pratinjau" description="Baris pertama dan pemetaan kolom">
              <Stack mt="md">
                {preview.isPending && (
                  <Text size="sm" c="dimmed" role="status">
                    Membaca feed...
                  </Text>
                )}
                {preview.isError && (
                  <ErrorState
                    title="Pratinjau gagal"
                    error={new Error(serverMessage(preview.error, 'Feed tidak dapat dibaca'))}
                    onRetry={loadPreview}
                  />
                )}
                {preview.data && (
                  <>
                    <Group gap={6} aria-label="Kolom terbaca" role="group">
                      <Text size="sm" fw={500}>
                        Kolom terbaca:
                      </Text>
                      {preview.data.fields.map((f) => (
                        <Badge key={f} variant="light" tt="none">
                          {f}
                        </Badge>
                      ))}
                    </Group>
                    <PreviewTable preview={preview.data} />
                  </>
                )}
                <Text size="sm" fw={600}>
                  Pemetaan kolom
                </Text>
                {typeof mappingMessage === 'string' && (
                  <Alert color="red" role="alert">
                    {mappingMessage}
                  </Alert>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  {FEED_OUR_FIELDS.map((ours) => (
                    <ClearableSelect
                      key={ours}
                      control={control}
                      name={`mapping.${ours}`}
                      label={FEED_OUR_FIELD_LABELS[ours]}
                      data={fieldOptions}
                      placeholder="Tidak dipetakan"
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Stepper.Step>
            <Stepper.Step label="Kategori" description="Kategori feed ke kategori kita">
              <Stack mt="md">
                {categoryList.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Tidak ada kategori feed terbaca. Petakan kolom Kategori feed untuk memetakan
                    kategorinya; produk baru tanpa pemetaan masuk ke kategori bawaan.
                  </Text>
                ) : (
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    {categoryList.map((text) => (
                      <ClearableSelect
                        key={text}
                        control={control}
                        name={`categoryMap.${text}`}
                        label={text}
                        data={categoryOptions}
                        placeholder="Kategori bawaan"
                      />
                    ))}
                  </SimpleGrid>
                )}
              </Stack>
            </Stepper.Step>
          </Stepper>
          <Group justify="space-between">
            <Button variant="default" onClick={close} disabled={formState.isSubmitting}>
              Batal
            </Button>
            <Group gap="sm">
              {step > 0 && (
                <Button variant="default" onClick={() => setStep(step - 1)}>
                  Kembali
                </Button>
              )}
              {/* Keys: the submit button must be a new element, or the click on Lanjut that
                  reaches the last step would submit the form through the reused one. */}
              {step < 2 ? (
                <Button key="next" onClick={() => void next()}>
                  Lanjut
                </Button>
              ) : (
                <Button key="submit" type="submit" loading={formState.isSubmitting}>
                  {editing ? 'Simpan Perubahan' : 'Simpan Feed'}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
