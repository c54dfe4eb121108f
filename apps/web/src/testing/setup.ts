import { english } from '@/i18n/en';
import { loadCatalogues, type Catalogue } from '@/i18n/i18n';
import { guardNetwork } from './network-guard';

// Page tests render pages without the router's lazy loading, which is what loads their words in the app.
await loadCatalogues(Object.keys(english) as Catalogue[]);

// No test reaches a server it did not start: an unanswered request fails where it is made.
guardNetwork();
