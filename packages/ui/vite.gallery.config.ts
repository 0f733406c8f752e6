import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The component gallery: every widget in every state, themed per tenant (?tenant=…). The
// platform serves the built copy at /dev/gallery/ for the e2e screenshots.
export default defineConfig({
  root: fileURLToPath(new URL('./gallery', import.meta.url)),
  base: '/dev/gallery/',
  plugins: [react(), tailwindcss()],
  // Tenant fonts and logos ('/tenants/...') are owned by the tenants package.
  publicDir: fileURLToPath(new URL('../tenants/public', import.meta.url)),
  build: {
    outDir: fileURLToPath(new URL('./gallery/dist', import.meta.url)),
    emptyOutDir: true,
    // One page holds every widget, chart and date picker included; splitting it buys nothing here.
    chunkSizeWarningLimit: 1500,
  },
});
