import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// In development the platform runs on its own port; the portal's origin forwards these paths to it,
// keeping the Host header so the platform sees which tenant asked.
const platformOrigin = 'http://localhost:8080';
const platformPaths = '^/(api|oauth2?|app|account|dev|healthz|readyz)(/|\\?|$)';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // Tenant logos, favicons and fonts ('/tenants/...') are owned by the tenants package.
  publicDir: fileURLToPath(new URL('../../packages/tenants/public', import.meta.url)),
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The shared packages only declare schemas, constants and functions: a page that imports one
        // name from their index must not pull every schema (and zod) in with it.
        moduleSideEffects: [{ test: /\/packages\/(contracts|sdk)\/src\//, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: { [platformPaths]: { target: platformOrigin, changeOrigin: false } },
  },
});
