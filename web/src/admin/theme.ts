import {
  createTheme,
  darken,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * The public site's orange (web/src/public/styles/site.css: --brand #c2410c, --brand-strong
 * #9a3412, --brand-soft #fff7ed, --brand-tint #ffedd5) as a Mantine palette; shade 6, the one
 * filled buttons and links use, is the site's --brand.
 */
const brand: MantineColorsTuple = [
  '#fff7ed',
  '#ffedd5',
  '#fed7aa',
  '#fdba74',
  '#fb923c',
  '#ea580c',
  '#c2410c',
  '#9a3412',
  '#7c2d12',
  '#431407',
];

/**
 * Mantine's shades fail WCAG AA as text (red 6 on white 3.3:1, teal 9 on teal 1 4.3:1, yellow
 * 9 on white 3.0:1). Text, outlines and the text of light badges use each colour's shade 9
 * darkened by 30% (at least 5:1 on white and on the light badge's own background, for every
 * palette); dimmed text and placeholders use darker greys. The brand's own shade 6 already reads at 5.2:1.
 */
const readableColors: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // The public site's #6b7280: 4.8:1 on white, lighter than typed text.
    '--mantine-color-placeholder': '#6b7280',
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'brand' || name === 'dark' || !shades[9]) continue;
    const readable = darken(shades[9], 0.3);
    light[`--mantine-color-${name}-text`] = readable;
    light[`--mantine-color-${name}-outline`] = readable;
    light[`--mantine-color-${name}-light-color`] = readable;
  }
  return { variables: {}, light, dark: {} };
};

export const adminTheme = createTheme({
  colors: { ...DEFAULT_THEME.colors, brand },
  primaryColor: 'brand',
  primaryShade: 6,
  // Filled badges and buttons get black or white text, whichever contrasts more: 0.179 is the
  // luminance at which both read equally well (4.58:1), so the chosen one is never below that.
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  // Staff who ask their system for less motion get dialogs and menus without animation.
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  components: {
    // Spec section 9: tooltips open after 700 ms.
    Tooltip: { defaultProps: { openDelay: 700, withArrow: true } },
    // Mantine's close buttons have no name of their own; screen readers need one.
    Modal: { defaultProps: { centered: true, closeButtonProps: { 'aria-label': 'Tutup' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Tutup' } } },
    // A table wider than a phone scrolls sideways; keyboard users reach that scroll by Tab.
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    },
  },
});

export const adminCssVariables = readableColors;
