/**
 * Build-time settings. Vite inlines `import.meta.env.VITE_*` values, so a deployment can name the organisation
 * that runs the service without a code change.
 */
export const env = {
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? '/api',
  poweredBy: {
    name: import.meta.env.VITE_POWERED_BY_NAME ?? 'Swarm Alert',
    url: import.meta.env.VITE_POWERED_BY_URL,
  },
} as const;
