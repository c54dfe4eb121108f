// First: the schemas the contracts build must see this setting.
import '@/lib/zod-jitless';
import { APP } from '@abhyas/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { setLocale } from '@/i18n/i18n';
import { startLanguage } from '@/lib/language';
import '@/index.css';

// docs/PRODUCT.md §3: the application version is logged once at start.
console.log(`Abhyas version ${APP.version}`);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// A reader of Hindi sees the first page in Hindi: its words load before it renders (English needs nothing).
const language = startLanguage();
if (language === 'en') render();
else void setLocale(language).finally(render);
