import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { registerServiceWorkerAfterLoad } from '@/features/app-update/lib/update-available';
import { languageStore } from '@/lib/i18n/language';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page is missing its #root element.');

// A Spanish visit paints in Spanish: its catalog (a small chunk) arrives before the first render; English waits for nothing.
void languageStore.start().then(() => {
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

registerServiceWorkerAfterLoad();
