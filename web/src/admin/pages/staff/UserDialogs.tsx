import { useEffect } from 'react';
import type { DefaultValues, FieldValues, UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, Text, TextInput } from '@mantine/core';
import { z, type ZodType } from 'zod';
import { MIN_PASSWORD_LENGTH, userCreateSchema, STAFF_MESSAGES } from '@shared/schemas';
import type { UserUpdateInput } from '@shared/schemas';
import type { AdminUserInfo } from '@shared/types';
import { EntityFormDialog, useEntityForm } from '../../components/EntityFormDialog';
import { serverMessage } from '../../lib/toast';
import { useUserMutations } from '../../queries/useStaff';
import { textField } from '../../components/form-fields';

type CreateForm = z.input<typeof userCreateSchema>;
type CreateValues = z.output<typeof userCreateSchema>;

const PASSWORD_HINT = `Minimal ${MIN_PASSWORD_LENGTH} karakter.`;

/** A form of text fields (names, passwords) that starts blank each time its dialog opens. */
function useBlankFormWhenOpened<F extends Record<string, string>, V extends FieldValues>(
  schema: ZodType<V, F>,
  blank: F,
  opened: boolean,
) {
  const form = useEntityForm<F, V>(
    { resolver: zodResolver(schema), defaultValues: blank as DefaultValues<F> },
    Object.keys(blank),
  );
  const { reset } = form;
  useEffect(() => {
    if (opened) reset(blank);
  }, [opened, reset, blank]);
  return form;
}

const BLANK_NEW_USER: CreateForm = { username: '', password: '' };

/** "Tambah pengguna": a new admin account with its first password. */
export function AddUserDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { create } = useUserMutations();
  const form = useBlankFormWhenOpened<CreateForm, CreateValues>(
    userCreateSchema,
    BLANK_NEW_USER,
    opened,
  );
  const { register, formState } = form;

  const onSubmit = form.submitWithToast((values) => ({
    lang: 'id',
    run: () => create.mutateAsync(values),
    success: `Pengguna ${values.username} ditambahkan.`,
    failure: (error) => serverMessage(error, 'Gagal menambahkan pengguna'),
    onSuccess: onClose,
  }));

  return (
    <EntityFormDialog
      opened={opened}
      onClose={onClose}
      title="Tambah Pengguna"
      size="md"
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitLabel="Tambah Pengguna"
    >
      <TextInput
        label="Nama pengguna"
        withAsterisk
        data-autofocus
        autoComplete="off"
        description="Huruf, angka, titik, garis bawah, tanda hubung atau @."
        {...textField(register, formState.errors, 'username')}
      />
      <PasswordInput
        label="Kata sandi"
        withAsterisk
        autoComplete="new-password"
        description={PASSWORD_HINT}
        {...textField(register, formState.errors, 'password')}
      />
    </EntityFormDialog>
  );
}

export const CURRENT_PASSWORD_MISSING = 'Masukkan kata sandi Anda saat ini.';

/** The acting admin's own password, which the server asks for before it changes an account. */
const currentPassword = z
  .string({ error: CURRENT_PASSWORD_MISSING })
  .min(1, CURRENT_PASSWORD_MISSING);

const CURRENT_PASSWORD_HINT = 'Untuk memastikan perubahan ini dilakukan oleh Anda.';

function CurrentPasswordInput({
  error,
  ...field
}: { error?: string; 'data-autofocus'?: boolean } & UseFormRegisterReturn) {
  return (
    <PasswordInput
      label="Kata sandi Anda saat ini"
      withAsterisk
      autoComplete="current-password"
      description={CURRENT_PASSWORD_HINT}
      error={error}
      {...field}
    />
  );
}

/**
 * A change to `user` that the acting admin confirms with its own password: the form, and its
 * submit that saves the change and says so.
 */
function useConfirmedUserChange<V extends Record<string, string>>(
  user: AdminUserInfo | null,
  onClose: () => void,
  schema: ZodType<V, V>,
  blank: V,
  change: { input(values: V): UserUpdateInput; success: string; failure: string },
) {
  const { update } = useUserMutations();
  const form = useBlankFormWhenOpened<V, V>(schema, blank, user !== null);
  const onSubmit = form.submitWithToast((values) => ({
    lang: 'id',
    run: () => update.mutateAsync({ id: user!.id, input: change.input(values) }),
    success: change.success,
    failure: (error) => serverMessage(error, change.failure),
    // Puts a wrong current password under its field (the toast says it too).
    onError: () => undefined,
    onSuccess: onClose,
  }));
  return { form, onSubmit };
}

const resetSchema = z.object({
  password: z
    .string({ error: STAFF_MESSAGES.password })
    .min(MIN_PASSWORD_LENGTH, STAFF_MESSAGES.password),
  currentPassword,
});
type ResetValues = z.output<typeof resetSchema>;
const BLANK_RESET: ResetValues = { password: '', currentPassword: '' };

/** "Atur ulang kata sandi": a new password, which signs that user out everywhere. */
export function ResetPasswordDialog({
  user,
  self,
  onClose,
}: {
  user: AdminUserInfo | null;
  self: boolean;
  onClose(): void;
}) {
  const { form, onSubmit } = useConfirmedUserChange(user, onClose, resetSchema, BLANK_RESET, {
    input: (values) => values,
    success: `Kata sandi ${user?.username} diatur ulang.`,
    failure: 'Gagal mengatur ulang kata sandi',
  });
  const { register, formState } = form;

  return (
    <EntityFormDialog
      opened={user !== null}
      onClose={onClose}
      title={`Atur Ulang Kata Sandi: ${user?.username ?? ''}`}
      size="md"
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitLabel="Simpan Kata Sandi"
    >
      <Text size="sm" c="dimmed">
        {self
          ? 'Semua sesi Anda yang lain akan diakhiri; sesi ini tetap masuk.'
          : 'Semua sesi pengguna ini akan diakhiri; ia harus masuk lagi dengan kata sandi baru.'}
      </Text>
      <PasswordInput
        label="Kata sandi baru"
        withAsterisk
        data-autofocus
        autoComplete="new-password"
        description={PASSWORD_HINT}
        {...textField(register, formState.errors, 'password')}
      />
      <CurrentPasswordInput {...textField(register, formState.errors, 'currentPassword')} />
    </EntityFormDialog>
  );
}

const statusSchema = z.object({ currentPassword });
type StatusValues = z.output<typeof statusSchema>;
const BLANK_STATUS: StatusValues = { currentPassword: '' };

/**
 * "Nonaktifkan" / "Aktifkan": asks once more, with the acting admin's own password. Disabling
 * ends every session of that user at once.
 */
export function UserStatusDialog({
  user,
  onClose,
}: {
  user: AdminUserInfo | null;
  onClose(): void;
}) {
  const disable = !user?.disabled;
  const verb = disable ? 'Nonaktifkan' : 'Aktifkan';
  const { form, onSubmit } = useConfirmedUserChange(user, onClose, statusSchema, BLANK_STATUS, {
    input: (values) => ({ disabled: disable, ...values }),
    success: disable ? `${user?.username} dinonaktifkan.` : `${user?.username} diaktifkan.`,
    failure: 'Gagal mengubah status pengguna',
  });
  const { register, formState } = form;

  return (
    <EntityFormDialog
      opened={user !== null}
      onClose={onClose}
      title={`${verb} Pengguna: ${user?.username ?? ''}`}
      size="md"
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitLabel={verb}
    >
      <Text size="sm">
        {disable
          ? `Nonaktifkan ${user?.username ?? ''}? Semua sesinya langsung diakhiri dan ia tidak dapat masuk.`
          : `Aktifkan kembali ${user?.username ?? ''}?`}
      </Text>
      <CurrentPasswordInput
        data-autofocus
        {...textField(register, formState.errors, 'currentPassword')}
      />
    </EntityFormDialog>
  );
}
