// The Traffic tab: visitors by country, the most viewed pages, and what shoppers searched for
// without finding it.
import { SimpleGrid, Stack, Table } from '@mantine/core';
import { LIMITS } from '@shared/constants';
import { formatNumber } from '@shared/rules/format';
import { QueryBoundary } from '../../components/QueryBoundary';
import { EmptyState } from '../../components/QueryState';
import type { AnalyticsRange } from '../../queries/keys';
import { useMissedSearches, useTopPages, useTrafficByCountry } from '../../queries/useAnalytics';
import { Panel, Ranking, pageRow } from './AnalyticsPanels';

const lastSearched = new Intl.DateTimeFormat('id-ID', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Jakarta',
});

/** What shoppers searched for and did not find: the catalogue's gaps. */
function MissedSearchesPanel({ range }: { range: AnalyticsRange }) {
  const missed = useMissedSearches(range);
  return (
    <Panel title="Pencarian tanpa hasil">
      <QueryBoundary query={missed} title="Gagal memuat pencarian tanpa hasil">
        {(list) =>
          list.length === 0 ? (
            <EmptyState>Tidak ada pencarian tanpa hasil dalam rentang ini.</EmptyState>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Kata pencarian</Table.Th>
                  <Table.Th ta="right">Pencarian</Table.Th>
                  <Table.Th>Terakhir dicari</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((row) => (
                  <Table.Tr key={row.query}>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{row.query}</Table.Td>
                    <Table.Td ta="right">{formatNumber(row.searches)}</Table.Td>
                    <Table.Td>{lastSearched.format(new Date(row.lastSearchedAt))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryBoundary>
    </Panel>
  );
}

export function TrafficTab({ range }: { range: AnalyticsRange }) {
  const countries = useTrafficByCountry(range);
  const pages = useTopPages(range);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Panel title="10 Negara Teratas">
          <QueryBoundary query={countries} title="Gagal memuat traffic per negara">
            {(list) => (
              <Ranking
                items={list
                  .slice(0, LIMITS.analyticsTopCountries)
                  .map((c) => ({ name: c.country, value: c.visitors }))}
                barsLabel="Negara"
                valueLabel="Pengunjung"
                empty="Tidak ada pengunjung dalam rentang ini."
              />
            )}
          </QueryBoundary>
        </Panel>
        <Panel title="Halaman Teratas">
          <QueryBoundary query={pages} title="Gagal memuat halaman teratas">
            {(list) => (
              <Ranking
                items={list.map(pageRow)}
                barsLabel="Halaman"
                valueLabel="Tampilan"
                empty="Tidak ada tampilan halaman dalam rentang ini."
              />
            )}
          </QueryBoundary>
        </Panel>
      </SimpleGrid>
      <MissedSearchesPanel range={range} />
    </Stack>
  );
}
