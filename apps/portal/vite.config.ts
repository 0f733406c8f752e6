import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the platform runs on its own port; the portal's origin forwards these paths to it,
// keeping the Host header so the platform sees which tenant asked.
const platformOrigin = 'http://localhost:8080';
const platformPaths = '^/(api|oauth2?|app|account|dev|healthz|readyz)(/|\\?|$)';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // Tenant logos, favicons and fonts ('/tenants/...') are owned by the tenants package.
  publicDir: fileURLToPath(new URL('../../packages/tenants/public', import.meta.url)),
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { [platformPaths]: { target: platformOrigin, changeOrigin: false } },
  },
});
