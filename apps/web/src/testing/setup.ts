// Page tests render pages without the router's lazy loading, which is what adds these words in the app.
import '@/i18n/en-admin';
import '@/i18n/en-contests';
import '@/i18n/en-contests-admin';
import '@/i18n/en-exam';
import '@/i18n/en-practice';
import '@/i18n/en-test-editor';
import { guardNetwork } from './network-guard';

// No test reaches a server it did not start: an unanswered request fails where it is made.
guardNetwork();
