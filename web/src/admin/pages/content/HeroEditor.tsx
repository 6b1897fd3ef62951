import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  Badge,
  Box,
  Button,
  Card,
  Collapse,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { CONTENT_KEYS, DEFAULT_HERO_BACKGROUND } from '@shared/constants';
import { parseHeroContent } from '@shared/rules/content';
import { isHttpUrl } from '@shared/rules/url';
import { heroContentSchema, splitPlatforms } from '@shared/schemas';
import { ErrorState, LoadingState } from '../../components/QueryState';
import { applyServerErrors } from '../../lib/form-errors';
import { NOT_APPLIED, SaveChangesButton, useContentEditor } from './contentEditor';

type HeroForm = z.input<typeof heroContentSchema>;
type HeroValues = z.output<typeof heroContentSchema>;

const FIELDS = ['mainTitle', 'subtitle', 'ctaText', 'backgroundImage', 'platforms'] as const;

function toForm(data: string | undefined): HeroForm {
  const hero = parseHeroContent(data);
  return { ...hero, platforms: hero.platforms.join(', ') };
}

function HeroPreview({ values }: { values: HeroForm }) {
  const image = typeof values.backgroundImage === 'string' ? values.backgroundImage.trim() : '';
  // Only an http(s) address goes into the style; anything else previews the default photo.
  const background = isHttpUrl(image) ? image : DEFAULT_HERO_BACKGROUND;
  const platforms = splitPlatforms(
    typeof values.platforms === 'string' ? values.platforms : (values.platforms ?? []),
  );
  return (
    <Box
      data-testid="hero-preview"
      style={{
        borderRadius: 12,
        overflow: 'hidden',
        backgroundImage: `linear-gradient(rgba(17,24,39,.65), rgba(17,24,39,.65)), url(${JSON.stringify(background)})`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        color: 'white',
        padding: '48px 32px',
        textAlign: 'center',
      }}
    >
      <Title order={3} size="h2" c="white">
        {values.mainTitle || 'Main title'}
      </Title>
      <Text mt="sm" c="gray.2">
        {values.subtitle || 'Subtitle'}
      </Text>
      <Group justify="center" gap={6} mt="md">
        {platforms.map((p) => (
          <Badge key={p} variant="white" color="dark">
            {p}
          </Badge>
        ))}
      </Group>
      <Button mt="lg" color="orange" tabIndex={-1} component="span">
        {values.ctaText || 'CTA'}
      </Button>
    </Box>
  );
}

export function HeroEditor() {
  const { block, isPending, isError, error, refetch, isActive, setIsActive, submit } =
    useContentEditor({
      contentKey: CONTENT_KEYS.hero,
      defaultTitle: 'Homepage Hero',
      successMessage: 'Homepage content updated successfully.',
      failureMessage: 'Failed to update homepage content. Please try again.',
    });
  const [previewOpen, setPreviewOpen] = useState(true);
  const form = useForm<HeroForm, unknown, HeroValues>({
    resolver: zodResolver(heroContentSchema),
    defaultValues: toForm(undefined),
  });
  const { register, handleSubmit, reset, setError, formState, control } = form;
  const watched = useWatch({ control }) as HeroForm;
  const errors = formState.errors;

  // As in the contact editor: the reload a save causes is applied once 'Saving...' is over.
  const saving = formState.isSubmitting;
  const appliedBlock = useRef<unknown>(NOT_APPLIED);
  useEffect(() => {
    if (isPending || saving || appliedBlock.current === block) return;
    appliedBlock.current = block;
    reset(toForm(block?.data));
    setIsActive(block?.isActive ?? true);
  }, [block, isPending, saving, reset, setIsActive]);

  // Saved as is: the schema already put in the default photo for an empty background image.
  const onSubmit = handleSubmit((values) =>
    submit(values, (err) => applyServerErrors(err, setError, FIELDS)),
  );

  if (isPending) return <LoadingState />;
  if (isError)
    return (
      <ErrorState title="Failed to load content" error={error} onRetry={() => void refetch()} />
    );

  return (
    <Stack>
      <Card
        withBorder
        radius="md"
        padding="lg"
        component="form"
        onSubmit={onSubmit}
        noValidate
        aria-label="Homepage Hero editor"
      >
        <Group justify="space-between" mb="md">
          <div>
            <Title order={2} size="h4">
              Homepage Hero
            </Title>
            <Text size="sm" c="dimmed">
              The banner at the top of the home page.
            </Text>
          </div>
          <Group>
            <Switch
              label="Active"
              checked={isActive}
              onChange={(e) => setIsActive(e.currentTarget.checked)}
            />
            <Button
              variant="default"
              onClick={() => setPreviewOpen((o) => !o)}
              aria-expanded={previewOpen}
            >
              {previewOpen ? 'Hide Preview' : 'Show Preview'}
            </Button>
          </Group>
        </Group>
        <Stack>
          <TextInput
            label="Main Title"
            withAsterisk
            error={errors.mainTitle?.message}
            {...register('mainTitle')}
          />
          <Textarea
            label="Subtitle"
            withAsterisk
            autosize
            minRows={2}
            error={errors.subtitle?.message}
            {...register('subtitle')}
          />
          <TextInput
            label="CTA Text"
            withAsterisk
            error={errors.ctaText?.message}
            {...register('ctaText')}
          />
          <TextInput
            label="Background Image URL"
            description="Leave empty to use the default photo."
            placeholder="https://..."
            error={errors.backgroundImage?.message}
            {...register('backgroundImage')}
          />
          <TextInput
            label="Platforms"
            withAsterisk
            description="Comma-separated, e.g. Shopee, Tokopedia, Lazada"
            error={errors.platforms?.message}
            {...register('platforms')}
          />
          <SaveChangesButton saving={formState.isSubmitting} />
        </Stack>
      </Card>
      <Collapse expanded={previewOpen}>
        <Card withBorder radius="md" padding="lg" aria-label="Live preview">
          <Text fw={600} mb="sm">
            Live Preview
          </Text>
          <HeroPreview values={watched} />
        </Card>
      </Collapse>
    </Stack>
  );
}
