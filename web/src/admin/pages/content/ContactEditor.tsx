import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  Card,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { CONTENT_KEYS } from '@shared/constants';
import { parseContactContent, parseJsonObject } from '@shared/rules/content';
import { contactContentSchema } from '@shared/schemas';
import { ErrorState, LoadingState } from '../../components/QueryState';
import { applyServerErrors } from '../../lib/form-errors';
import { NOT_APPLIED, SaveChangesButton, useContentEditor } from './contentEditor';

type ContactForm = z.input<typeof contactContentSchema>;
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

export function ContactEditor() {
  const { block, isPending, isError, error, refetch, isActive, setIsActive, submit } =
    useContentEditor({
      contentKey: CONTENT_KEYS.contact,
      defaultTitle: 'Contact Us',
      successMessage: 'Contact Us information updated successfully.',
      failureMessage: 'Failed to update contact information. Please try again.',
    });
  const form = useForm<ContactForm, unknown, ContactValues>({
    resolver: zodResolver(contactContentSchema),
    defaultValues: parseContactContent(null),
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const errors = formState.errors;

  // The save reloads the content list, which hands back a new block; resetting the form then
  // would cut the 'Saving...' state short, so a new block is applied once the save is over.
  const saving = formState.isSubmitting;
  const appliedBlock = useRef<unknown>(NOT_APPLIED);
  useEffect(() => {
    if (isPending || saving || appliedBlock.current === block) return;
    appliedBlock.current = block;
    if (block && parseJsonObject(block.data) === null) {
      // Spec section 8: unparseable contact content is logged and the defaults are used.
      console.error('Contact content is not valid JSON; using defaults', block.data);
    }
    reset(parseContactContent(block?.data));
    setIsActive(block?.isActive ?? true);
  }, [block, isPending, saving, reset, setIsActive]);

  const onSubmit = handleSubmit((values) =>
    submit(values, (err) => applyServerErrors(err, setError, FIELDS)),
  );

  if (isPending) return <LoadingState />;
  if (isError)
    return (
      <ErrorState title="Failed to load content" error={error} onRetry={() => void refetch()} />
    );

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Contact Us editor"
    >
      <Group justify="space-between" mb="md">
        <div>
          <Title order={2} size="h4">
            Contact Us
          </Title>
          <Text size="sm" c="dimmed">
            Shown on the contact page and in the footer.
          </Text>
        </div>
        <Switch
          label="Active"
          checked={isActive}
          onChange={(event) => setIsActive(event.currentTarget.checked)}
        />
      </Group>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Company Name"
            withAsterisk
            error={errors.companyName?.message}
            {...register('companyName')}
          />
          <TextInput
            label="Email"
            withAsterisk
            type="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label="Phone"
            withAsterisk
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextInput
            label="WhatsApp"
            withAsterisk
            error={errors.whatsapp?.message}
            {...register('whatsapp')}
          />
        </SimpleGrid>
        <Textarea
          label="Address"
          withAsterisk
          autosize
          minRows={2}
          error={errors.address?.message}
          {...register('address')}
        />
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={3}
          error={errors.description?.message}
          {...register('description')}
        />
        <Title order={3} size="h5" mt="sm">
          Business Hours
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Weekdays"
            withAsterisk
            error={errors.businessHours?.weekdays?.message}
            {...register('businessHours.weekdays')}
          />
          <TextInput
            label="Weekend"
            withAsterisk
            error={errors.businessHours?.weekend?.message}
            {...register('businessHours.weekend')}
          />
        </SimpleGrid>
        <Title order={3} size="h5" mt="sm">
          Social Media
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Facebook"
            placeholder="https://facebook.com/..."
            error={errors.socialMedia?.facebook?.message}
            {...register('socialMedia.facebook')}
          />
          <TextInput
            label="Instagram"
            placeholder="https://instagram.com/..."
            error={errors.socialMedia?.instagram?.message}
            {...register('socialMedia.instagram')}
          />
          <TextInput
            label="Twitter"
            placeholder="https://twitter.com/..."
            error={errors.socialMedia?.twitter?.message}
            {...register('socialMedia.twitter')}
          />
          <TextInput
            label="YouTube"
            placeholder="https://youtube.com/..."
            error={errors.socialMedia?.youtube?.message}
            {...register('socialMedia.youtube')}
          />
        </SimpleGrid>
        <SaveChangesButton saving={formState.isSubmitting} />
      </Stack>
    </Card>
  );
}
