// The public IP-geolocation look-up that fills the tracking session (spec sections 7 and 8).

export interface GeoInfo {
  country: string;
  city: string;
  ipAddress: string;
}

export const UNKNOWN_GEO: GeoInfo = { country: 'Unknown', city: 'Unknown', ipAddress: 'Unknown' };

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 100) : null;
}

/** Reads country_name, city and ip; any failure (or no URL) gives 'Unknown' for all three. */
export async function lookupGeo(url: string, fetchImpl: typeof fetch = fetch): Promise<GeoInfo> {
  if (!url) return UNKNOWN_GEO;
  try {
    const response = await fetchImpl(url, { credentials: 'omit' });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    const body = (await response.json()) as Record<string, unknown>;
    return {
      country: text(body.country_name) ?? 'Unknown',
      city: text(body.city) ?? 'Unknown',
      ipAddress: text(body.ip) ?? 'Unknown',
    };
  } catch (error) {
    console.warn('Geolocation look-up failed', error);
    return UNKNOWN_GEO;
  }
}
