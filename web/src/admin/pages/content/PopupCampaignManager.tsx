import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  Alert,
  Badge,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { LIMITS, POPUP_IMAGE_POSITIONS, POPUP_PAGES, POPUP_TYPES } from '@shared/constants';
import { formatDateTime } from '@shared/rules/format';
import { popupStatus, type PopupStatus } from '@shared/rules/popup';
import { isHttpUrl } from '@shared/rules/url';
import { defaultPopupValues, popupSchema } from '@shared/schemas';
import type { Popup } from '@shared/types';
import { EntityFormDialog, saveEntity, useEntityForm } from '../../components/EntityFormDialog';
import {
  AutocompleteField,
  ColorField,
  DateTimeField,
  NumberField,
  SelectField,
  SwitchField,
  textField,
} from '../../components/form-fields';
import { ListPager, ListSearch } from '../../components/ListPaging';
import { ManagerSection } from '../../components/ManagerSection';
import { RowActions } from '../../components/RowActions';
import {
  labelledOptions,
  labelOf,
  POPUP_IMAGE_POSITION_LABELS,
  POPUP_TYPE_LABELS,
} from '../../lib/enum-labels';
import { runWithToast, serverMessage } from '../../lib/toast';
import { useEditDialog } from '../../lib/use-edit-dialog';
import { pageInRange, pageRowsQuery, usePagedList } from '../../lib/use-paged-list';
import { usePopupMutations, usePopupPage } from '../../queries/usePopups';

type PopupForm = z.input<typeof popupSchema>;
type PopupValues = z.output<typeof popupSchema>;

export const DELETE_POPUP_CONFIRM = 'Are you sure you want to delete this popup?';
const FIELDS = [
  'title',
  'content',
  'type',
  'targetUrl',
  'buttonText',
  'backgroundColor',
  'textColor',
  'imageUrl',
  'imagePosition',
  'startDate',
  'endDate',
  'showOnPages',
  'triggerAfterSeconds',
  'isActive',
] as const;

const STATUS_COLOR: Record<PopupStatus, string> = {
  Active: 'teal',
  Scheduled: 'blue',
  Expired: 'orange',
  Disabled: 'gray',
};

function toForm(popup: Popup): PopupForm {
  return {
    title: popup.title,
    content: popup.content,
    type: popup.type,
    targetUrl: popup.targetUrl ?? '',
    buttonText: popup.buttonText,
    backgroundColor: popup.backgroundColor,
    textColor: popup.textColor,
    imageUrl: popup.imageUrl ?? '',
    imagePosition: popup.imagePosition,
    startDate: new Date(popup.startDate),
    endDate: new Date(popup.endDate),
    showOnPages: popup.showOnPages,
    triggerAfterSeconds: popup.triggerAfterSeconds,
    isActive: popup.isActive,
  };
}

/** Preview of the popup's image; a broken address says so (spec section 8). */
function ImagePreview({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [url]);
  if (!url || !isHttpUrl(url)) return null;
  if (failed) {
    return (
      <Alert color="red" variant="light" role="alert">
        Image failed to load. Please check URL.
      </Alert>
    );
  }
  return (
    <Image
      src={url}
      alt="Pratinjau gambar popup"
      mah={160}
      fit="contain"
      radius="sm"
      onError={() => setFailed(true)}
    />
  );
}

function PopupDialog({
  opened,
  popup,
  onClose,
}: {
  opened: boolean;
  popup: Popup | null;
  onClose(): void;
}) {
  const mutations = usePopupMutations();
  const form = useEntityForm<PopupForm, PopupValues>(
    { resolver: zodResolver(popupSchema), defaultValues: defaultPopupValues() },
    FIELDS,
  );
  const { register, reset, control, formState } = form;
  const imageUrl = useWatch({ control, name: 'imageUrl' });

  useEffect(() => {
    // A new popup runs for the default 7 days from the moment the dialog opens.
    if (opened) reset(popup ? toForm(popup) : defaultPopupValues(new Date()));
  }, [opened, popup, reset]);

  const onSubmit = form.submitWithToast((values) => ({
    run: () => saveEntity(popup, values, mutations),
    success: popup ? 'Popup updated successfully' : 'Popup created successfully',
    failure: (error) =>
      serverMessage(error, popup ? 'Failed to update popup' : 'Failed to create popup'),
    onSuccess: onClose,
  }));
  const errors = formState.errors;

  return (
    <EntityFormDialog
      opened={opened}
      onClose={onClose}
      title={popup ? 'Edit Popup' : 'Buat Popup'}
      size="xl"
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitLabel={popup ? 'Simpan Perubahan' : 'Buat Popup'}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Judul"
          withAsterisk
          data-autofocus
          {...textField(register, errors, 'title')}
        />
        <SelectField
          control={control}
          name="type"
          label="Tipe"
          data={labelledOptions(POPUP_TYPES, POPUP_TYPE_LABELS)}
        />
      </SimpleGrid>
      <Textarea
        label="Isi"
        withAsterisk
        autosize
        minRows={3}
        {...textField(register, errors, 'content')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="URL Tujuan"
          placeholder="https://..."
          {...textField(register, errors, 'targetUrl')}
        />
        <TextInput label="Teks Tombol" {...textField(register, errors, 'buttonText')} />
        <ColorField control={control} name="backgroundColor" label="Warna Latar" />
        <ColorField control={control} name="textColor" label="Warna Teks" />
        <TextInput
          label="URL Gambar"
          placeholder="https://..."
          {...textField(register, errors, 'imageUrl')}
        />
        <SelectField
          control={control}
          name="imagePosition"
          label="Posisi Gambar"
          data={labelledOptions(POPUP_IMAGE_POSITIONS, POPUP_IMAGE_POSITION_LABELS)}
        />
      </SimpleGrid>
      <ImagePreview url={typeof imageUrl === 'string' ? imageUrl.trim() : ''} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateTimeField control={control} name="startDate" label="Tanggal Mulai" required />
        <DateTimeField control={control} name="endDate" label="Tanggal Selesai" required />
        <AutocompleteField
          control={control}
          name="showOnPages"
          label="Tampil di Halaman"
          description="* untuk semua halaman, atau path dipisah koma"
          data={[...POPUP_PAGES]}
        />
        <NumberField
          control={control}
          name="triggerAfterSeconds"
          label="Muncul Setelah (detik)"
          min={0}
          max={LIMITS.popupTriggerMaxSeconds}
        />
      </SimpleGrid>
      <SwitchField control={control} name="isActive" label="Aktif" />
    </EntityFormDialog>
  );
}

/** The admin's popup campaigns (the site shows them through its PopupLayer). */
export function PopupCampaignManager() {
  const list = usePagedList();
  const popupPage = usePopupPage(list.request);
  const popups = pageRowsQuery(popupPage, (page) => page.popups);
  const totalPages = popupPage.data?.totalPages ?? 0;
  // After deleting the last popup of the last page, show the new last page.
  if (popupPage.isSuccess && !popupPage.isPlaceholderData) {
    const inRange = pageInRange(list.page, totalPages);
    if (inRange !== list.page) list.setPage(inRange);
  }
  const { remove } = usePopupMutations();
  const dialog = useEditDialog<Popup>();
  const now = new Date();

  const onDelete = (popup: Popup) =>
    runWithToast({
      confirm: DELETE_POPUP_CONFIRM,
      run: () => remove.mutateAsync(popup.id),
      success: 'Popup deleted successfully',
      failure: (error) => serverMessage(error, 'Failed to delete popup'),
    });

  return (
    <ManagerSection
      title="Kampanye Popup"
      description="Pengunjung melihat satu popup sekaligus, selama popup aktif dan dalam jadwalnya."
      addLabel="Buat Popup"
      onAdd={dialog.openNew}
      query={popups}
      loadErrorTitle="Failed to load popups"
      emptyText={
        list.searching ? 'Tidak ada popup yang cocok dengan pencarian.' : 'Belum ada popup.'
      }
      toolbar={
        <ListSearch label="Cari popup" value={list.searchText} onChange={list.setSearchText} />
      }
    >
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {popups.data?.map((popup) => {
          const status = popupStatus(popup, now);
          return (
            <Card
              key={popup.id}
              withBorder
              radius="md"
              padding="md"
              component="article"
              aria-label={popup.title}
              data-testid="popup-row"
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={4} miw={0}>
                  <Group gap="xs">
                    <Badge color={STATUS_COLOR[status]} data-testid="popup-status">
                      {status}
                    </Badge>
                    <Badge variant="light">{labelOf(POPUP_TYPE_LABELS, popup.type)}</Badge>
                  </Group>
                  <Text fw={600}>{popup.title}</Text>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {popup.content}
                  </Text>
                </Stack>
                <div
                  aria-hidden
                  title="Warna"
                  style={{
                    flex: 'none',
                    width: 40,
                    height: 28,
                    borderRadius: 6,
                    border: '1px solid var(--mantine-color-gray-3)',
                    background: popup.backgroundColor,
                    color: popup.textColor,
                    display: 'grid',
                    placeItems: 'center',
                    fontSize: 12,
                    fontWeight: 700,
                  }}
                >
                  Aa
                </div>
              </Group>
              <Stack gap={2} mt="sm">
                <Text size="xs" c="dimmed">
                  {formatDateTime(popup.startDate)} – {formatDateTime(popup.endDate)}
                </Text>
                <Text size="xs" c="dimmed">
                  Halaman: {popup.showOnPages} · muncul setelah {popup.triggerAfterSeconds} detik ·
                  tombol “{popup.buttonText}”
                </Text>
              </Stack>
              <Group justify="flex-end" gap={4} mt="sm">
                <RowActions
                  editLabel={`Edit popup ${popup.title}`}
                  deleteLabel={`Hapus popup ${popup.title}`}
                  onEdit={() => dialog.openEdit(popup)}
                  onDelete={() => void onDelete(popup)}
                />
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
      <ListPager
        label="Halaman popup"
        noun="popup"
        page={list.page}
        totalPages={totalPages}
        totalCount={popupPage.data?.totalCount ?? 0}
        onChange={list.setPage}
      />
      <PopupDialog opened={dialog.opened} popup={dialog.item} onClose={dialog.close} />
    </ManagerSection>
  );
}
