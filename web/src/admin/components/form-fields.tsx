// Mantine inputs bound to react-hook-form. Text inputs use register() (textField); the others
// need a controller.
import type { ReactNode } from 'react';
import {
  Autocomplete,
  Checkbox,
  ColorInput,
  Group,
  NumberInput,
  Select,
  Switch,
  type ComboboxItem,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import {
  get,
  useController,
  type Control,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';

/**
 * The props of a Mantine text input registered as `name`: its wiring, and the message of its
 * failed check (`name` may be a nested path such as 'socialMedia.facebook').
 */
export function textField<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  name: Path<T>,
) {
  return { ...register(name), error: (get(errors, name) as FieldError | undefined)?.message };
}

interface BaseProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

// The wiring every controlled input shares, so each field only spells out its value mapping.
function useBoundField<T extends FieldValues>(control: Control<T>, name: Path<T>) {
  const { field, fieldState } = useController({ control, name });
  return {
    field,
    error: fieldState.error?.message,
    bind: { onBlur: field.onBlur, ref: field.ref, name: field.name },
  };
}

export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  data,
  placeholder,
  searchable,
  description,
  required,
  disabled,
  renderOption,
}: BaseProps<T> & {
  data: (string | ComboboxItem)[];
  placeholder?: string;
  searchable?: boolean;
  renderOption?: (item: { option: ComboboxItem }) => ReactNode;
}) {
  const { field, error, bind } = useBoundField(control, name);
  return (
    <Select
      label={label}
      description={description}
      withAsterisk={required}
      disabled={disabled}
      data={data}
      placeholder={placeholder}
      searchable={searchable}
      allowDeselect={false}
      renderOption={renderOption}
      value={(field.value as string | null | undefined) || null}
      onChange={(value) => field.onChange(value ?? '')}
      {...bind}
      error={error}
      comboboxProps={{ zIndex: 1000 }}
    />
  );
}

export function AutocompleteField<T extends FieldValues>({
  control,
  name,
  label,
  data,
  description,
  required,
  placeholder,
}: BaseProps<T> & { data: string[]; placeholder?: string }) {
  const { field, error, bind } = useBoundField(control, name);
  return (
    <Autocomplete
      label={label}
      description={description}
      withAsterisk={required}
      data={data}
      placeholder={placeholder}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      {...bind}
      error={error}
      comboboxProps={{ zIndex: 1000 }}
    />
  );
}

export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  disabled,
}: BaseProps<T>) {
  const { field, bind } = useBoundField(control, name);
  return (
    <Switch
      label={label}
      description={description}
      disabled={disabled}
      checked={Boolean(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      {...bind}
    />
  );
}

export function NumberField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  required,
  min,
  max,
}: BaseProps<T> & { min?: number; max?: number }) {
  const { field, error, bind } = useBoundField(control, name);
  return (
    <NumberInput
      label={label}
      description={description}
      withAsterisk={required}
      min={min}
      max={max}
      allowDecimal={false}
      clampBehavior="none"
      value={field.value as number | string}
      onChange={(value) => field.onChange(value)}
      {...bind}
      error={error}
    />
  );
}

export function ColorField<T extends FieldValues>({
  control,
  name,
  label,
  description,
}: BaseProps<T>) {
  const { field, error, bind } = useBoundField(control, name);
  return (
    <ColorInput
      label={label}
      description={description}
      format="hex"
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      {...bind}
      error={error}
      popoverProps={{ zIndex: 1000 }}
    />
  );
}

export function DateTimeField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  required,
}: BaseProps<T>) {
  const { field, error, bind } = useBoundField(control, name);
  return (
    <DateTimePicker
      label={label}
      description={description}
      withAsterisk={required}
      valueFormat="DD MMM YYYY HH:mm"
      value={(field.value as Date | string | null) ?? null}
      onChange={(value) => field.onChange(value ? new Date(value.replace(' ', 'T')) : null)}
      {...bind}
      error={error}
      popoverProps={{ zIndex: 1000 }}
    />
  );
}

export function CheckboxGroupField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  description,
  required,
}: BaseProps<T> & { options: { value: string; label: string }[] }) {
  const { field, error } = useBoundField(control, name);
  return (
    <Checkbox.Group
      label={label}
      description={description}
      withAsterisk={required}
      value={(field.value as string[] | undefined) ?? []}
      onChange={field.onChange}
      error={error}
    >
      <Group mt="xs" gap="md">
        {options.map((option, index) => (
          <Checkbox
            key={option.value}
            value={option.value}
            label={option.label}
            ref={index === 0 ? field.ref : undefined}
          />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
