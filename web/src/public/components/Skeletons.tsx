/** Placeholder cards while a list loads; counts follow spec section 9. */
export function CardSkeletons({ count }: { count: number }) {
  return (
    <div className="product-grid" aria-busy="true" aria-label="Memuat produk">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="product-card skeleton-card" data-testid="skeleton-card">
          <div className="skeleton skeleton-media" />
          <div className="card-body">
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-line short" />
            <div className="skeleton skeleton-button" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function RowSkeletons({ count, testId }: { count: number; testId: string }) {
  return (
    <div aria-busy="true" aria-label="Memuat">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton skeleton-row" data-testid={testId} />
      ))}
    </div>
  );
}

export function TileSkeletons({ count, testId }: { count: number; testId: string }) {
  return (
    <div className="tile-grid" aria-busy="true" aria-label="Memuat">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton skeleton-tile" data-testid={testId} />
      ))}
    </div>
  );
}
