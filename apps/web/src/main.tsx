import { APP } from '@abhyas/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import '@/index.css';

// docs/PRODUCT.md §3: the application version is logged once at start.
console.log(`Abhyas version ${APP.version}`);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
