import type { ReactNode } from 'react';
import { Group, SimpleGrid, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { productivity } from '@shared/rules/category';
import type { StatsResponse } from '@shared/types';
import { formatNumber } from '@shared/rules/format';
import { ErrorState } from '../components/QueryState';
import { StatCard } from '../components/StatCard';
import { IconBox, IconChart, IconFile, IconTag } from '../components/admin-icons';
import { useMe } from '../queries/useMe';
import { useStats } from '../queries/useStats';
import { useDocumentTitle } from '../lib/use-document-title';
import { FeedAlertsCard } from './feeds/FeedAlertsCard';
import classes from './DashboardPage.module.css';

const NAV_CARDS = [
  {
    to: '/categories',
    title: 'Kelola Kategori',
    description: 'Tambah, ubah dan hapus kategori produk.',
    icon: <IconTag size={22} />,
    color: 'brand',
  },
  {
    to: '/products',
    title: 'Kelola Produk',
    description: 'Kelola produk serta harga dan link afiliasi per platform.',
    icon: <IconBox size={22} />,
    color: 'teal',
  },
  {
    to: '/analytics',
    title: 'Analytics',
    description: 'Traffic real-time, klik CTA dan perilaku pengunjung.',
    icon: <IconChart size={22} />,
    color: 'grape',
  },
  {
    to: '/content',
    title: 'Kelola Konten',
    description: 'Ubah teks statis seperti hero, kontak, FAQ, SEO, galeri dan popup.',
    icon: <IconFile size={22} />,
    color: 'orange',
  },
];

/** The figures of the dashboard, from the stats (zeros until they load). */
function statFigures(s: StatsResponse | undefined) {
  return [
    {
      label: 'Total Kategori',
      value: formatNumber(s?.totalCategories ?? 0),
      detail: `${formatNumber(s?.categoriesWithProducts ?? 0)} kategori memiliki produk`,
    },
    {
      label: 'Total Produk',
      value: formatNumber(s?.totalProducts ?? 0),
      detail: `${formatNumber(s?.activeProducts ?? 0)} aktif, ${formatNumber(s?.inactiveProducts ?? 0)} tidak aktif`,
    },
    {
      label: 'Kategori Kosong',
      value: formatNumber(s?.categoriesWithoutProducts ?? 0),
      detail: 'Kategori tanpa produk',
    },
    {
      label: 'Produktivitas',
      value: formatNumber(s ? productivity(s) : 0),
      detail: 'Rata-rata produk per kategori',
    },
    {
      label: 'Link Rusak',
      value: formatNumber(s?.brokenLinks ?? 0),
      detail: 'Link platform yang gagal dicek',
    },
    {
      label: 'Pantauan aktif',
      value: formatNumber(s?.activeWatches ?? 0),
      detail: 'Pantauan harga pembeli (notifikasi & e-mail)',
    },
  ];
}

function NavCard({
  to,
  title,
  description,
  icon,
  color,
}: {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
  color: string;
}) {
  return (
    <UnstyledButton component={Link} to={to} className={classes.navCard}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <div>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed" mt={2}>
            {description}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const me = useMe();
  const stats = useStats();
  const s = stats.data;
  const loading = stats.isPending;

  return (
    <>
      <header className={classes.header}>
        <Title order={1} size="h2">
          Admin Dashboard
        </Title>
        <Text c="dimmed" mt={4}>
          Welcome, {me.data?.username}
        </Text>
      </header>

      {stats.isError && (
        <ErrorState
          title="Gagal memuat statistik"
          error={stats.error}
          onRetry={() => void stats.refetch()}
        />
      )}

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="md" mt="md">
        {statFigures(s).map((figure) => (
          <StatCard
            key={figure.label}
            large
            testId="stat-value"
            label={figure.label}
            value={loading ? '...' : figure.value}
            hint={loading ? '...' : figure.detail}
          />
        ))}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
        <FeedAlertsCard stats={s} loading={loading} />
      </SimpleGrid>

      <Title order={2} size="h4" mt="xl" mb="md">
        Kelola
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {NAV_CARDS.map((card) => (
          <NavCard key={card.to} {...card} />
        ))}
      </SimpleGrid>
    </>
  );
}
