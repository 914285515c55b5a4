import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { registerServiceWorkerAfterLoad } from '@/features/app-update/lib/update-available';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page is missing its #root element.');

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorkerAfterLoad();
