import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';

/** The gateway serves `/api` in every environment; in development Vite forwards it so cookies stay same-origin. */
const gatewayUrl = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), serviceWorker({ entry: fileURLToPath(new URL('./src/service-worker/service-worker.ts', import.meta.url)) }), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: 'dist' },
  server: {
    proxy: { '/api': { target: gatewayUrl, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: gatewayUrl, changeOrigin: false } },
  },
});
