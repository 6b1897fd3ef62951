import { useState, useSyncExternalStore } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatDate } from '@shared/rules/format';
import { formatRupiah } from '@shared/rules/price';
import type { WatchStatus } from '@shared/types';
import { Dialog } from '../components/Dialog';
import { platformName } from '../content/site';
import { fetchPlatformLinks } from '../data/api';
import { queryKeys } from '../data/query-keys';
import { lowestPrice, priceChange } from './rules';
import { readWatches, subscribeWatches, writeWatches, type StoredWatch } from './storage';
import { deleteWatch, fetchWatchStates, messageOf } from './watch-api';
import './watches.css';

const NONE: never[] = [];

type StateLabel =
  | 'Aktif'
  | 'Menunggu konfirmasi e-mail'
  | 'Harga tercapai'
  | 'Kedaluwarsa'
  | 'Hanya di perangkat ini';

const STATE_CLASS: Record<StateLabel, string> = {
  Aktif: 'active',
  'Menunggu konfirmasi e-mail': 'pending',
  'Harga tercapai': 'reached',
  Kedaluwarsa: 'expired',
  'Hanya di perangkat ini': 'local',
};

interface Row {
  watch: StoredWatch;
  then: number | null;
  now: number | null;
  state: StateLabel;
  loading: boolean;
}

function stateOf(
  watch: StoredWatch,
  server: WatchStatus | undefined,
  serverKnown: boolean,
  now: number | null,
): StateLabel {
  if (!watch.token) return 'Hanya di perangkat ini';
  if (serverKnown && !server) return 'Kedaluwarsa';
  if (server?.state === 'pending') return 'Menunggu konfirmasi e-mail';
  const target = watch.rule.kind === 'below' ? watch.rule.price : undefined;
  if (target !== undefined && now !== null && now <= target) return 'Harga tercapai';
  return 'Aktif';
}

const ruleText = (watch: StoredWatch) =>
  watch.rule.kind === 'below' && watch.rule.price !== undefined
    ? `Di bawah ${formatRupiah(watch.rule.price)}`
    : 'Setiap harga turun';

function Change({ then, now }: { then: number | null; now: number | null }) {
  const change = priceChange(then, now);
  if (!change) return <span className="muted">-</span>;
  if (change.amount === 0) return <span className="watch-change">Tetap</span>;
  const down = change.amount < 0;
  const percent = Math.abs(change.percent).toLocaleString('id-ID');
  return (
    <span className={`watch-change ${down ? 'down' : 'up'}`}>
      {down ? 'Turun' : 'Naik'} {formatRupiah(Math.abs(change.amount))} ({percent}%)
    </span>
  );
}

function ConfirmClearAll({ onConfirm, onClose }: { onConfirm(): void; onClose(): void }) {
  return (
    <Dialog title="Hapus semua pantauan?" onClose={onClose}>
      <p>Semua pantauan di perangkat ini dihapus, dan notifikasinya berhenti.</p>
      <div className="watch-actions">
        <button type="button" className="button" onClick={onClose} data-autofocus>
          Batal
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm}>
          Ya, hapus semua
        </button>
      </div>
    </Dialog>
  );
}

/** The watchlist of /pantauan: this device's watches with their prices and states. */
export default function WatchList() {
  const watches = useSyncExternalStore(subscribeWatches, readWatches, () => NONE);
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const tokens = watches.flatMap((watch) => (watch.token ? [watch.token] : []));
  const states = useQuery({
    queryKey: ['watches', tokens],
    queryFn: () => fetchWatchStates(tokens),
    enabled: tokens.length > 0,
  });
  // A watch kept on this device only reads the price from the public product links.
  const localIds = [...new Set(watches.filter((w) => !w.token).map((w) => w.productId))];
  const linkQueries = useQueries({
    queries: localIds.map((productId) => ({
      queryKey: queryKeys.platformLinks(productId),
      queryFn: () => fetchPlatformLinks(productId),
      retry: false,
    })),
  });
  const linksOf = (productId: string) => linkQueries[localIds.indexOf(productId)];

  const rows: Row[] = watches.map((watch) => {
    if (watch.token) {
      const server = states.data?.watches.find((item) => item.id === watch.id);
      const now = server?.priceNow ?? null;
      return {
        watch,
        then: server?.priceAtCreation ?? watch.priceAtWatch,
        now,
        state: stateOf(watch, server, states.isSuccess, now),
        loading: states.isPending,
      };
    }
    const links = linksOf(watch.productId);
    const now = links?.data ? lowestPrice(links.data, watch.platform) : null;
    return {
      watch,
      then: watch.priceAtWatch,
      now,
      state: stateOf(watch, undefined, false, now),
      loading: links?.isPending ?? false,
    };
  });

  const remove = async (targets: StoredWatch[]) => {
    setError(null);
    const removed = new Set<StoredWatch>();
    for (const watch of targets) {
      try {
        if (watch.id && watch.token) await deleteWatch(watch.id, watch.token);
        removed.add(watch);
      } catch (caught) {
        setError(messageOf(caught, 'Pantauan gagal dihapus. Periksa koneksi lalu coba lagi.'));
      }
    }
    writeWatches(readWatches().filter((watch) => !removed.has(watch)));
    await queryClient.invalidateQueries({ queryKey: ['watches'] });
  };

  if (watches.length === 0) {
    return (
      <div className="empty-state">
        <span className="empty-icon" aria-hidden="true">
          🔔
        </span>
        <h2>Belum ada pantauan</h2>
        <p>
          Buka produk lalu tekan <strong>Pantau harga</strong>: kami memberi tahu Anda saat harganya
          turun, tanpa akun.
        </p>
        <Link to="/" className="button button-primary">
          Cari produk
        </Link>
      </div>
    );
  }

  return (
    <section aria-labelledby="watchlist-heading">
      <div className="watchlist-head">
        <h2 id="watchlist-heading">{watches.length} produk dipantau</h2>
        <button type="button" className="button" onClick={() => setConfirming(true)}>
          Hapus semua
        </button>
      </div>
      {states.isError ? (
        <p role="alert" className="form-error">
          Status pantauan belum dapat dimuat dari server; harga di bawah mungkin belum terbaru.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <ul className="watch-list">
        {rows.map(({ watch, then, now, state, loading }, index) => (
          <li
            key={`${watch.id ?? 'local'}-${watch.productId}-${index}`}
            className="watch-item"
            data-testid="watch-item"
          >
            {watch.image ? <img src={watch.image} alt="" width={72} height={72} /> : null}
            <div className="watch-info">
              <h3 className="watch-title">
                <Link to={{ pathname: '/', search: `?produk=${encodeURIComponent(watch.slug)}` }}>
                  {watch.title}
                </Link>
              </h3>
              <p className="muted">
                {ruleText(watch)} ·{' '}
                {watch.platform ? platformName(watch.platform) : 'Semua marketplace'} · sejak{' '}
                {formatDate(watch.createdAt)}
              </p>
              <dl className="watch-prices">
                <div>
                  <dt>Harga awal</dt>
                  <dd>{then !== null ? formatRupiah(then) : '-'}</dd>
                </div>
                <div>
                  <dt>Harga sekarang</dt>
                  <dd>
                    {loading ? 'Memuat...' : now !== null ? formatRupiah(now) : 'Tidak tersedia'}
                  </dd>
                </div>
                <div>
                  <dt>Perubahan</dt>
                  <dd>
                    <Change then={then} now={loading ? null : now} />
                  </dd>
                </div>
              </dl>
              <p className={`watch-state watch-state-${STATE_CLASS[state]}`}>{state}</p>
            </div>
            <button
              type="button"
              className="button watch-remove"
              aria-label={`Hapus pantauan ${watch.title}`}
              onClick={() => void remove([watch])}
            >
              Hapus
            </button>
          </li>
        ))}
      </ul>
      {confirming ? (
        <ConfirmClearAll
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void remove(readWatches());
          }}
        />
      ) : null}
    </section>
  );
}
