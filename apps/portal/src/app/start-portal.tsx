import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app.tsx';
import { createAppRouter, routerOptionsFor } from './router.tsx';
import { startUp } from './start-up.ts';
import { StartUpError } from './start-up-error.tsx';

/** The page's entry: the neutral splash in index.html stays until start-up has finished. */
export async function startPortal(container: HTMLElement): Promise<Root> {
  const root = createRoot(container);
  try {
    const portal = await startUp();
    root.render(
      <StrictMode>
        <App portal={portal} router={createAppRouter(routerOptionsFor(portal))} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('The portal could not start', error);
    root.render(<StartUpError />);
  }
  return root;
}
