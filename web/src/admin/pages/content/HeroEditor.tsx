import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Box, Button, Card, Collapse, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { CONTENT_KEYS, DEFAULT_HERO_BACKGROUND } from '@shared/constants';
import { parseHeroContent } from '@shared/rules/content';
import { isHttpUrl } from '@shared/rules/url';
import { heroContentSchema, splitPlatforms } from '@shared/schemas';
import type { ContentBlock } from '@shared/types';
import { QueryBoundary } from '../../components/QueryBoundary';
import { HeroBanner } from '../../../common/hero/HeroBanner';
import { isSiteRelative } from '../../../common/safe-url';
import '../../../common/hero/hero.css';
import { ContentEditorCard, useContentEditor } from './contentEditor';
import classes from './HeroEditor.module.css';
import { textField } from '../../components/form-fields';

type HeroForm = z.input<typeof heroContentSchema>;
type HeroValues = z.output<typeof heroContentSchema>;

const FIELDS = ['mainTitle', 'subtitle', 'ctaText', 'backgroundImage', 'platforms'] as const;

function toForm(block: ContentBlock | undefined): HeroForm {
  const hero = parseHeroContent(block?.data);
  return { ...hero, platforms: hero.platforms.join(', ') };
}

/** The site's own hero component with the form's values, as visitors will see it. */
function HeroPreview({ values }: { values: HeroForm }) {
  const image = typeof values.backgroundImage === 'string' ? values.backgroundImage.trim() : '';
  // Only an http(s) or site-relative address goes into the style; anything else previews the
  // default photo, as the save would store it.
  const background = isHttpUrl(image) || isSiteRelative(image) ? image : DEFAULT_HERO_BACKGROUND;
  const platforms = splitPlatforms(
    typeof values.platforms === 'string' ? values.platforms : (values.platforms ?? []),
  );
  return (
    <Box data-testid="hero-preview" className={classes.preview}>
      <HeroBanner
        mainTitle={values.mainTitle ?? ''}
        subtitle={values.subtitle ?? ''}
        ctaText={values.ctaText ?? ''}
        platforms={platforms}
        backgroundImage={background}
        onCta={() => undefined}
      />
    </Box>
  );
}

export function HeroEditor() {
  const [previewOpen, setPreviewOpen] = useState(true);
  const form = useForm<HeroForm, unknown, HeroValues>({
    resolver: zodResolver(heroContentSchema),
    defaultValues: toForm(undefined),
  });
  const { register, formState, control } = form;
  // Subscribed before the editor's effect fills the form, so the preview follows the fill.
  const watched = useWatch({ control }) as HeroForm;
  // Saved as is: the schema already put in the default photo for an empty background image.
  const editor = useContentEditor({
    contentKey: CONTENT_KEYS.hero,
    defaultTitle: 'Homepage Hero',
    successMessage: 'Homepage content updated successfully.',
    failureMessage: 'Failed to update homepage content. Please try again.',
    form,
    fields: FIELDS,
    toValues: toForm,
  });
  const errors = formState.errors;

  return (
    <QueryBoundary query={editor.query} title="Gagal memuat konten">
      {() => (
        <Stack>
          <ContentEditorCard
            label="Editor Homepage Hero"
            title="Homepage Hero"
            description="Banner di bagian atas beranda."
            editor={editor}
            headerActions={
              <Button
                variant="default"
                onClick={() => setPreviewOpen((o) => !o)}
                aria-expanded={previewOpen}
              >
                {previewOpen ? 'Sembunyikan Pratinjau' : 'Tampilkan Pratinjau'}
              </Button>
            }
          >
            <TextInput
              label="Judul Utama"
              withAsterisk
              {...textField(register, errors, 'mainTitle')}
            />
            <Textarea
              label="Subjudul"
              withAsterisk
              autosize
              minRows={2}
              {...textField(register, errors, 'subtitle')}
            />
            <TextInput label="Teks CTA" withAsterisk {...textField(register, errors, 'ctaText')} />
            <TextInput
              label="URL Gambar Latar"
              description="Kosongkan untuk memakai foto bawaan."
              placeholder="https://..."
              {...textField(register, errors, 'backgroundImage')}
            />
            <TextInput
              label="Platform"
              withAsterisk
              description="Pisahkan dengan koma, mis. Shopee, Tokopedia, Lazada"
              {...textField(register, errors, 'platforms')}
            />
          </ContentEditorCard>
          <Collapse expanded={previewOpen}>
            <Card withBorder radius="md" padding="lg" aria-label="Pratinjau langsung">
              <Text fw={600} mb="sm">
                Pratinjau Langsung
              </Text>
              <HeroPreview values={watched} />
            </Card>
          </Collapse>
        </Stack>
      )}
    </QueryBoundary>
  );
}
