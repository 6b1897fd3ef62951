import { createTheme } from '@mantine/core';

export const adminTheme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  components: {
    // Spec section 9: tooltips open after 700 ms.
    Tooltip: { defaultProps: { openDelay: 700, withArrow: true } },
    Modal: { defaultProps: { centered: true } },
  },
});
