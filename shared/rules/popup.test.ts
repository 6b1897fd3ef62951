import { describe, expect, it } from 'vitest';
import { isPopupVisible, popupMatchesPage, popupPagePath, popupStatus } from './popup';

const now = new Date('2024-12-10T12:00:00.000Z');
const base = {
  isActive: true,
  startDate: '2024-12-01T00:00:00.000Z',
  endDate: '2024-12-31T23:59:59.000Z',
  showOnPages: '*',
};

describe('popupStatus', () => {
  it('is Disabled when not active, whatever the dates', () => {
    expect(popupStatus({ ...base, isActive: false }, now)).toBe('Disabled');
    expect(popupStatus({ ...base, isActive: false, startDate: '2030-01-01T00:00:00Z' }, now)).toBe(
      'Disabled',
    );
  });

  it('is Scheduled when the start is in the future', () => {
    expect(popupStatus({ ...base, startDate: '2024-12-10T12:00:01.000Z' }, now)).toBe('Scheduled');
  });

  it('is Expired when the end has passed', () => {
    expect(popupStatus({ ...base, endDate: '2024-12-10T11:59:59.999Z' }, now)).toBe('Expired');
  });

  it('is Active inside the window, boundaries included', () => {
    expect(popupStatus(base, now)).toBe('Active');
    expect(popupStatus({ ...base, startDate: now, endDate: now }, now)).toBe('Active');
    expect(popupStatus({ ...base, startDate: new Date(base.startDate) }, now)).toBe('Active');
  });

  it('treats unparseable dates as outside the schedule', () => {
    expect(popupStatus({ ...base, startDate: 'garbage' }, now)).toBe('Scheduled');
    expect(popupStatus({ ...base, endDate: 'garbage' }, now)).toBe('Expired');
  });
});

describe('page matching', () => {
  it('reduces the address the client sends to its path, or * without one', () => {
    expect(popupPagePath('https://diskonradar.id/kategori?x=1#top')).toBe('/kategori');
    expect(popupPagePath('https://diskonradar.id')).toBe('/');
    expect(popupPagePath('/')).toBe('/');
    expect(popupPagePath('contact')).toBe('/contact');
    expect(popupPagePath('')).toBe('*');
    expect(popupPagePath(undefined)).toBe('*');
    expect(popupPagePath(['/', '/kategori'])).toBe('*');
  });

  it('matches * everywhere and listed paths exactly', () => {
    expect(popupMatchesPage('*', '/promo-hari-ini')).toBe(true);
    expect(popupMatchesPage('/', '/')).toBe(true);
    expect(popupMatchesPage('/', '/kategori')).toBe(false);
    expect(popupMatchesPage('/, /kategori', 'https://diskonradar.id/kategori?page=2')).toBe(true);
    expect(popupMatchesPage('/products', '/products/123')).toBe(false);
  });

  it("reads the admin's page names ('/categories' is /kategori)", () => {
    expect(popupMatchesPage('/categories', '/kategori')).toBe(true);
    expect(popupMatchesPage('/products', '/')).toBe(true);
    expect(popupMatchesPage('/categories', '/contact')).toBe(false);
  });

  it('applies every popup when the client names no page (url defaults to *)', () => {
    expect(popupMatchesPage('/contact', '*')).toBe(true);
    expect(popupMatchesPage('*', '*')).toBe(true);
  });
});

describe('isPopupVisible', () => {
  it('needs an active schedule and a matching page', () => {
    expect(isPopupVisible({ ...base, showOnPages: '/' }, '/', now)).toBe(true);
    expect(isPopupVisible({ ...base, showOnPages: '/' }, '/tentang', now)).toBe(false);
    expect(isPopupVisible({ ...base, isActive: false }, '/', now)).toBe(false);
    expect(isPopupVisible({ ...base, endDate: '2024-12-01T00:00:00Z' }, '/', now)).toBe(false);
  });
});
