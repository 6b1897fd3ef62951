import { useState } from 'react';
import { fallbackToPlaceholder, imageSrc } from '../lib/images';
import { ChevronLeftIcon, ChevronRightIcon } from './site-icons';

/** One image or none: a plain image. More: previous/next that wrap, dots and a counter. */
export function ImageGallery({ images, alt }: { images: string[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  if (count <= 1) {
    return (
      <div className="gallery">
        <img
          className="gallery-image"
          src={imageSrc(images[0])}
          alt={alt}
          width={600}
          height={600}
          onError={fallbackToPlaceholder}
        />
      </div>
    );
  }
  const go = (next: number) => setIndex((next + count) % count);
  return (
    <div
      className="gallery"
      role="group"
      aria-roledescription="galeri"
      aria-label={`Galeri ${alt}`}
    >
      <img
        key={index}
        className="gallery-image"
        src={imageSrc(images[index])}
        alt={`${alt} (gambar ${index + 1} dari ${count})`}
        width={600}
        height={600}
        onError={fallbackToPlaceholder}
      />
      <button
        type="button"
        className="gallery-nav gallery-prev"
        aria-label="Gambar sebelumnya"
        onClick={() => go(index - 1)}
      >
        <ChevronLeftIcon />
      </button>
      <button
        type="button"
        className="gallery-nav gallery-next"
        aria-label="Gambar berikutnya"
        onClick={() => go(index + 1)}
      >
        <ChevronRightIcon />
      </button>
      <p className="gallery-counter" aria-live="polite">
        {index + 1} / {count}
      </p>
      <div className="gallery-dots">
        {images.map((image, i) => (
          <button
            key={`${image}-${i}`}
            type="button"
            className={`gallery-dot${i === index ? ' active' : ''}`}
            aria-label={`Tampilkan gambar ${i + 1}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </div>
  );
}
