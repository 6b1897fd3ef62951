import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { CONTENT_KEYS, LIMITS } from '@shared/constants';
import { contentSummary } from '@shared/rules/content';
import { formatDateTime, formatNumber } from '@shared/rules/format';
import type { ContentBlock } from '@shared/types';
import { ListQueryStates } from '../../components/QueryState';
import { IconFile, IconHome, IconInfo, IconPhone } from '../../components/admin-icons';
import { pageRowsQuery } from '../../lib/use-paged-list';
import { useContentBlocks } from '../../queries/useContent';
import { useFaqPage } from '../../queries/useFaqs';
import type { ContentTab } from './ContentPage';

const EDITOR_TAB: Record<string, ContentTab> = {
  [CONTENT_KEYS.contact]: 'contact',
  [CONTENT_KEYS.hero]: 'homepage',
};

function BlockIcon({ blockKey }: { blockKey: string }) {
  if (blockKey === CONTENT_KEYS.contact) return <IconPhone />;
  if (blockKey === CONTENT_KEYS.hero) return <IconHome />;
  if (blockKey === CONTENT_KEYS.about) return <IconInfo />;
  return <IconFile />;
}

function BlockCard({ block, onEdit }: { block: ContentBlock; onEdit?: () => void }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={block.title}
      data-testid="content-block"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon variant="light" size={40} radius="md">
            <BlockIcon blockKey={block.key} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {block.title}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {block.key}
            </Text>
          </div>
        </Group>
        <Badge color={block.isActive ? 'teal' : 'gray'} variant="light" style={{ flex: 'none' }}>
          {block.isActive ? 'Active' : 'Inactive'}
        </Badge>
      </Group>
      <Text size="sm" mt="sm" lineClamp={1} data-testid="content-summary">
        {contentSummary(block)}
      </Text>
      <Group justify="space-between" mt="sm">
        <Text size="xs" c="dimmed">
          Terakhir diubah: {formatDateTime(block.lastModified)}
        </Text>
        {onEdit ? (
          <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${block.title}`}>
            Edit
          </Button>
        ) : (
          <Tooltip label="Blok ini belum punya editor">
            <Button size="xs" variant="light" disabled>
              Edit
            </Button>
          </Tooltip>
        )}
      </Group>
    </Card>
  );
}

export function OverviewTab({ onSelectTab }: { onSelectTab(tab: ContentTab): void }) {
  const blocks = useContentBlocks();
  // The first cards and the count only: one small page, however many FAQs there are.
  const faqPage = useFaqPage({ page: 1, limit: LIMITS.overviewFaqCards, search: '' });
  const faqs = pageRowsQuery(faqPage, (page) => page.faqs);
  const firstFaqs = faqs.data ?? [];

  return (
    <Stack gap="xl">
      <section aria-labelledby="content-blocks-heading">
        <Title order={2} size="h4" mb="sm" id="content-blocks-heading">
          Blok Konten
        </Title>
        <ListQueryStates
          query={blocks}
          errorTitle="Gagal memuat konten"
          empty={blocks.data?.length === 0}
          emptyText="Belum ada blok konten."
        />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {blocks.data?.map((block) => {
            const tab = EDITOR_TAB[block.key];
            return (
              <BlockCard
                key={block.id}
                block={block}
                onEdit={tab ? () => onSelectTab(tab) : undefined}
              />
            );
          })}
        </SimpleGrid>
      </section>

      <section aria-labelledby="faq-overview-heading">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="faq-overview-heading">
            FAQ
          </Title>
          <Button variant="light" onClick={() => onSelectTab('faq')}>
            Kelola Semua FAQ ({formatNumber(faqPage.data?.totalCount ?? 0)})
          </Button>
        </Group>
        <ListQueryStates
          query={faqs}
          errorTitle="Gagal memuat FAQ"
          empty={faqs.data?.length === 0}
          emptyText="Belum ada FAQ."
          retry={false}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {firstFaqs.map((faq) => (
            <Card key={faq.id} withBorder radius="md" padding="md" data-testid="overview-faq">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600} size="sm">
                  {faq.question}
                </Text>
                <Badge
                  variant="light"
                  color={faq.isActive ? 'teal' : 'gray'}
                  style={{ flex: 'none' }}
                >
                  {faq.isActive ? 'Active' : 'Inactive'}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" mt={6} lineClamp={2}>
                {faq.answer}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
