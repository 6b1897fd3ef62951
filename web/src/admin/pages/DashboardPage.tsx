import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { productivity } from '@shared/rules/category';
import { formatNumber } from '@shared/rules/format';
import { ErrorState } from '../components/QueryState';
import { IconBox, IconChart, IconFile, IconTag } from '../components/admin-icons';
import { useMe } from '../queries/useMe';
import { useStats } from '../queries/useStats';
import { useDocumentTitle } from '../lib/use-document-title';
import classes from './DashboardPage.module.css';

function StatCard({
  label,
  value,
  detail,
  loading,
}: {
  label: string;
  value: string;
  detail: string;
  loading: boolean;
}) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={32} fw={700} mt={4} data-testid="stat-value">
        {loading ? '...' : value}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {loading ? '...' : detail}
      </Text>
    </Card>
  );
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

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" mt="md">
        <StatCard
          label="Total Kategori"
          loading={loading}
          value={formatNumber(s?.totalCategories ?? 0)}
          detail={`${formatNumber(s?.categoriesWithProducts ?? 0)} kategori memiliki produk`}
        />
        <StatCard
          label="Total Produk"
          loading={loading}
          value={formatNumber(s?.totalProducts ?? 0)}
          detail={`${formatNumber(s?.activeProducts ?? 0)} aktif, ${formatNumber(s?.inactiveProducts ?? 0)} tidak aktif`}
        />
        <StatCard
          label="Kategori Kosong"
          loading={loading}
          value={formatNumber(s?.categoriesWithoutProducts ?? 0)}
          detail="Kategori tanpa produk"
        />
        <StatCard
          label="Produktivitas"
          loading={loading}
          value={formatNumber(s ? productivity(s) : 0)}
          detail="Rata-rata produk per kategori"
        />
      </SimpleGrid>

      <Title order={2} size="h4" mt="xl" mb="md">
        Kelola
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NavCard
          to="/categories"
          title="Kelola Kategori"
          description="Tambah, ubah dan hapus kategori produk."
          icon={<IconTag size={22} />}
          color="indigo"
        />
        <NavCard
          to="/products"
          title="Kelola Produk"
          description="Kelola produk serta harga dan link afiliasi per platform."
          icon={<IconBox size={22} />}
          color="teal"
        />
        <NavCard
          to="/analytics"
          title="Analytics"
          description="Traffic real-time, klik CTA dan perilaku pengunjung."
          icon={<IconChart size={22} />}
          color="grape"
        />
        <NavCard
          to="/content"
          title="Kelola Konten"
          description="Ubah teks statis seperti hero, kontak, FAQ, SEO, galeri dan popup."
          icon={<IconFile size={22} />}
          color="orange"
        />
      </SimpleGrid>
    </>
  );
}
