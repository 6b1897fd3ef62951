// The spec's category claims ('31+' in the hero, '30+' on the nav badge): minimums, the real
// count shows when it is higher. The hero shows them on the site and in the admin's preview.
export const SITE_CLAIMS = { categories: 31, navCategories: 30 } as const;
