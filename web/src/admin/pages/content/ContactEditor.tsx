import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { SimpleGrid, TextInput, Textarea, Title } from '@mantine/core';
import { CONTENT_KEYS } from '@shared/constants';
import { parseContactContent, parseJsonObject } from '@shared/rules/content';
import { contactContentSchema } from '@shared/schemas';
import type { ContentBlock } from '@shared/types';
import { QueryBoundary } from '../../components/QueryBoundary';
import { ContentEditorCard, useContentEditor } from './contentEditor';
import { textField } from '../../components/form-fields';

type ContactForm = z.input<typeof contactContentSchema>;

/** The contact block's social links, each with its label. */
const SOCIAL_FIELDS = [
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['twitter', 'Twitter'],
  ['youtube', 'YouTube'],
] as const;
type ContactValues = z.output<typeof contactContentSchema>;

const FIELDS = [
  'companyName',
  'address',
  'phone',
  'email',
  'whatsapp',
  'description',
  'businessHours',
  'socialMedia',
] as const;

function toValues(block: ContentBlock | undefined): ContactForm {
  if (block && parseJsonObject(block.data) === null) {
    // Spec section 8: unparseable contact content is logged and the defaults are used.
    console.error('Contact content is not valid JSON; using defaults', block.data);
  }
  return parseContactContent(block?.data);
}

export function ContactEditor() {
  const form = useForm<ContactForm, unknown, ContactValues>({
    resolver: zodResolver(contactContentSchema),
    defaultValues: parseContactContent(null),
  });
  const editor = useContentEditor({
    contentKey: CONTENT_KEYS.contact,
    defaultTitle: 'Contact Us',
    successMessage: 'Contact Us information updated successfully.',
    failureMessage: 'Failed to update contact information. Please try again.',
    form,
    fields: FIELDS,
    toValues,
  });
  const { register, formState } = form;
  const errors = formState.errors;

  return (
    <QueryBoundary query={editor.query} title="Gagal memuat konten">
      {() => (
        <ContentEditorCard
          label="Editor Contact Us"
          title="Contact Us"
          description="Tampil di halaman kontak dan di footer."
          editor={editor}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Nama Perusahaan"
              withAsterisk
              {...textField(register, errors, 'companyName')}
            />
            <TextInput
              label="Email"
              withAsterisk
              type="email"
              {...textField(register, errors, 'email')}
            />
            <TextInput label="Telepon" withAsterisk {...textField(register, errors, 'phone')} />
            <TextInput label="WhatsApp" withAsterisk {...textField(register, errors, 'whatsapp')} />
          </SimpleGrid>
          <Textarea
            label="Alamat"
            withAsterisk
            autosize
            minRows={2}
            {...textField(register, errors, 'address')}
          />
          <Textarea
            label="Deskripsi"
            withAsterisk
            autosize
            minRows={3}
            {...textField(register, errors, 'description')}
          />
          <Title order={3} size="h5" mt="sm">
            Business Hours
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Hari Kerja"
              withAsterisk
              {...textField(register, errors, 'businessHours.weekdays')}
            />
            <TextInput
              label="Akhir Pekan"
              withAsterisk
              {...textField(register, errors, 'businessHours.weekend')}
            />
          </SimpleGrid>
          <Title order={3} size="h5" mt="sm">
            Social Media
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {SOCIAL_FIELDS.map(([name, label]) => (
              <TextInput
                key={name}
                label={label}
                placeholder={`https://${name}.com/...`}
                {...textField(register, errors, `socialMedia.${name}`)}
              />
            ))}
          </SimpleGrid>
        </ContentEditorCard>
      )}
    </QueryBoundary>
  );
}
