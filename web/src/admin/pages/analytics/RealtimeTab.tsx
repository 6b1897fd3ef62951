// The Real-time tab: the live figures (the socket keeps them current) and the top countries and
// pages of the last hour.
import { SimpleGrid, Stack } from '@mantine/core';
import { LIMITS } from '@shared/constants';
import { formatNumber } from '@shared/rules/format';
import { QueryBoundary } from '../../components/QueryBoundary';
import { useRealtimeStats } from '../../queries/useAnalytics';
import { Figure, RankingPanel, pageRow } from './AnalyticsPanels';

export function RealtimeTab() {
  const stats = useRealtimeStats();
  return (
    <QueryBoundary query={stats} title="Gagal memuat angka real-time">
      {(s) => (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
            <Figure
              label="Pengunjung Saat Ini"
              value={formatNumber(s.currentVisitors)}
              hint="Aktif saat ini"
            />
            <Figure
              label="Pengunjung Hari Ini"
              value={formatNumber(s.todayVisitors)}
              hint="Sejak tengah malam WIB"
            />
            <Figure
              label="Tampilan Halaman"
              value={formatNumber(s.pageViewsLastHour)}
              hint="1 jam terakhir"
            />
            <Figure
              label="Klik CTA"
              value={formatNumber(s.ctaClicksLastHour)}
              hint="1 jam terakhir"
            />
            <Figure
              label="Pencarian"
              value={formatNumber(s.searchesLastHour)}
              hint="1 jam terakhir"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <RankingPanel
              title="Negara Teratas"
              items={s.topCountries
                .slice(0, LIMITS.analyticsTopCountries)
                .map((c) => ({ name: c.country, value: c.count }))}
              barsLabel="Negara"
              valueLabel="Pengunjung"
              empty="Belum ada pengunjung hari ini."
            />
            <RankingPanel
              title="Halaman Teratas"
              items={s.topPages.map(pageRow)}
              barsLabel="Halaman"
              valueLabel="Tampilan"
              empty="Tidak ada tampilan halaman dalam 1 jam terakhir."
            />
          </SimpleGrid>
        </Stack>
      )}
    </QueryBoundary>
  );
}
