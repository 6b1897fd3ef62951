import { useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { formatNumber } from '@shared/rules/format';
import { formatRupiah } from '@shared/rules/price';
import type { PlatformLink, Product, WatchRule } from '@shared/types';
import { platformName } from '../content/site';
import { Dialog } from '../components/Dialog';
import { pushPossible, pushSubscription } from './push';
import { lowestPrice, parseTypedRupiah } from './rules';
import { readWatches, writeWatches, type StoredWatch } from './storage';
import { createWatch, fetchWatchConfig, messageOf } from './watch-api';
import './watches.css';

type Step =
  | { kind: 'form' }
  | { kind: 'working' }
  | { kind: 'push' }
  | { kind: 'local'; emailEnabled: boolean; watch: StoredWatch }
  | { kind: 'email-sent' };

function saveWatch(watch: StoredWatch, replaces?: StoredWatch): void {
  const list = readWatches().filter((item) => item !== replaces);
  writeWatches([...list, watch]);
}

function EmailForm({ watch, onSent }: { watch: StoredWatch; onSent(): void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await createWatch({
        productId: watch.productId,
        platform: watch.platform,
        rule: watch.rule,
        channel: { email: email.trim() },
      });
      saveWatch({ ...watch, id: created.id, token: created.token, channel: 'email' }, watch);
      onSent();
    } catch (caught) {
      setError(messageOf(caught, 'Pantauan lewat e-mail gagal dibuat. Coba lagi.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="watch-email" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-email`}>Kirim ke e-mail</label>
      <input
        id={`${id}-email`}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setEmail(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Mengirim...' : 'Kirim ke e-mail'}
      </button>
    </form>
  );
}

/** "Pantau harga": the rule, the marketplace, then push (or this device, or e-mail). */
export default function WatchDialog({
  product,
  links,
  onClose,
}: {
  product: Product;
  links: PlatformLink[];
  onClose(): void;
}) {
  const id = useId();
  const platforms = [...new Set(links.map((link) => link.platform))];
  const [kind, setKind] = useState<WatchRule['kind']>('any');
  const [priceText, setPriceText] = useState('');
  const [platform, setPlatform] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'form' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    let rule: WatchRule = { kind: 'any' };
    if (kind === 'below') {
      const price = parseTypedRupiah(priceText);
      if (price === null) {
        setError('Harga target harus angka rupiah lebih dari 0');
        return;
      }
      rule = { kind: 'below', price };
    }
    const chosen = platform || null;
    const watch: StoredWatch = {
      id: null,
      token: null,
      productId: product.id,
      // Products have no slug: their address is /?produk=<id>.
      slug: product.id,
      title: product.title,
      image: product.imageUrl,
      platform: chosen,
      rule,
      priceAtWatch: lowestPrice(links, chosen),
      createdAt: new Date().toISOString(),
      channel: 'local',
    };
    setStep({ kind: 'working' });
    const config = await fetchWatchConfig();
    let subscription = null;
    if (config && pushPossible()) {
      try {
        subscription = await pushSubscription(config.publicKey);
      } catch {
        subscription = null;
      }
    }
    if (subscription) {
      try {
        const created = await createWatch({
          productId: product.id,
          platform: chosen,
          rule,
          channel: { push: subscription },
        });
        saveWatch({ ...watch, id: created.id, token: created.token, channel: 'push' });
        setStep({ kind: 'push' });
        return;
      } catch (caught) {
        setError(messageOf(caught, 'Pantauan gagal dibuat. Coba lagi.'));
        setStep({ kind: 'form' });
        return;
      }
    }
    // No push here (refused, impossible, or the server unreachable): the watch stays on this
    // device, and the watchlist shows the drop on the next visit.
    saveWatch(watch);
    setStep({ kind: 'local', emailEnabled: config?.emailEnabled ?? false, watch });
  };

  let body;
  if (step.kind === 'push') {
    body = (
      <div role="status" className="watch-done">
        <p>
          <strong>Harga dipantau.</strong> Kami akan mengirim notifikasi saat harganya turun.
        </p>
        <p>
          <Link to="/pantauan">Lihat semua pantauan</Link>
        </p>
      </div>
    );
  } else if (step.kind === 'local') {
    body = (
      <div className="watch-done">
        <p role="status">
          <strong>Pantauan disimpan di perangkat ini.</strong> Notifikasi browser tidak tersedia
          atau tidak diizinkan; buka <Link to="/pantauan">Pantauan</Link> untuk melihat apakah
          harganya turun.
        </p>
        {step.emailEnabled ? (
          <EmailForm watch={step.watch} onSent={() => setStep({ kind: 'email-sent' })} />
        ) : null}
      </div>
    );
  } else if (step.kind === 'email-sent') {
    body = (
      <div role="status" className="watch-done">
        <p>
          <strong>Cek e-mail Anda untuk konfirmasi.</strong> Pantauan aktif setelah tautan di e-mail
          dibuka (berlaku 24 jam).
        </p>
        <p>
          <Link to="/pantauan">Lihat semua pantauan</Link>
        </p>
      </div>
    );
  } else {
    const current = lowestPrice(links, platform || null);
    body = (
      <form className="watch-form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="muted">
          {current !== null ? `Harga sekarang ${formatRupiah(current)}.` : null} Kami memberi tahu
          Anda saat harganya turun, tanpa akun.
        </p>
        <fieldset>
          <legend>Beri tahu saya</legend>
          <label className="watch-choice">
            <input
              type="radio"
              name={`${id}-kind`}
              value="any"
              checked={kind === 'any'}
              onChange={() => setKind('any')}
              data-autofocus
            />
            Setiap harga turun
          </label>
          <label className="watch-choice">
            <input
              type="radio"
              name={`${id}-kind`}
              value="below"
              checked={kind === 'below'}
              onChange={() => setKind('below')}
            />
            Di bawah harga
          </label>
          {kind === 'below' ? (
            <div className="watch-price">
              <label htmlFor={`${id}-price`}>Harga target (Rp)</label>
              <input
                id={`${id}-price`}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder={current !== null ? formatNumber(Math.floor(current * 0.9)) : ''}
                value={priceText}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => {
                  const value = parseTypedRupiah(event.target.value);
                  setPriceText(value === null ? '' : formatNumber(value));
                }}
              />
            </div>
          ) : null}
        </fieldset>
        <div className="watch-platform">
          <label htmlFor={`${id}-platform`}>Marketplace</label>
          <select
            id={`${id}-platform`}
            value={platform}
            onChange={(event) => setPlatform(event.target.value)}
          >
            <option value="">Semua</option>
            {platforms.map((name) => (
              <option key={name} value={name}>
                {platformName(name)}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <p id={`${id}-error`} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={step.kind === 'working'}>
          {step.kind === 'working' ? 'Menyimpan...' : 'Pantau harga'}
        </button>
      </form>
    );
  }

  return createPortal(
    <Dialog title="Pantau harga" onClose={onClose} className="watch-dialog">
      <p className="watch-product">{product.title}</p>
      {body}
    </Dialog>,
    document.body,
  );
}
