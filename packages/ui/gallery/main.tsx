import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTenantTheme } from './apply-tenant-theme.ts';
import { Gallery } from './gallery.tsx';
import './gallery.css';

const tenant = applyTenantTheme(window.location.search, import.meta.env.BASE_URL);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Gallery tenant={tenant} />
    </StrictMode>,
  );
}
