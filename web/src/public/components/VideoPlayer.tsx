import { useState } from 'react';
import { aspectRatio, aspectRatioCss, toEmbedUrl } from '@shared/rules/media';
import { safeUrl } from '../../common/safe-url';
import { ExternalIcon } from './site-icons';

type State = 'loading' | 'loaded' | 'error';

function OriginalLink({ url }: { url: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="button button-light">
      Buka video asli <ExternalIcon />
    </a>
  );
}

/**
 * TikTok, YouTube (incl. Shorts) and Instagram embeds with the ratio rules of spec section 5;
 * 'Memuat video...' until the player loads, and the spec's messages otherwise.
 */
export function VideoPlayer({
  url,
  title,
  forcedRatio,
}: {
  url: string | null | undefined;
  title: string;
  forcedRatio?: string;
}) {
  const [state, setState] = useState<State>('loading');
  const original = safeUrl(url);
  if (!url || !url.trim()) {
    return <div className="media-message">Video tidak tersedia</div>;
  }
  const embed = toEmbedUrl(url);
  if (!embed) {
    return (
      <div className="media-message">
        <p>Format video tidak didukung</p>
        {original ? <OriginalLink url={original} /> : null}
      </div>
    );
  }
  if (state === 'error') {
    return (
      <div className="media-message">
        <p>Video gagal dimuat</p>
        {original ? <OriginalLink url={original} /> : null}
      </div>
    );
  }
  const ratio = aspectRatio(url, forcedRatio);
  return (
    <div
      className={`video-frame ratio-${ratio.replace(':', 'x')}`}
      style={{ aspectRatio: aspectRatioCss(ratio) }}
    >
      {state === 'loading' ? (
        <div className="video-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          Memuat video...
        </div>
      ) : null}
      <iframe
        src={embed}
        title={`Video: ${title}`}
        loading="lazy"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={() => setState('loaded')}
        onError={() => setState('error')}
      />
    </div>
  );
}
