import { useEffect } from 'react';
import { t } from '@/i18n/i18n';

/** Sets the tab title to "<page> · Abhyas" while the page is shown (the product title when no page). */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? t('app.pageTitle', { page }) : t('app.title');
  }, [page]);
}
