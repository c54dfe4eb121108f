import type { ContentStatus } from '@abhyas/contracts';
import { Badge } from '@/components/ui/badge';
import { t } from '@/i18n/i18n';

/** "Draft" or "Published". */
export function StatusBadge({ status }: { status: ContentStatus }) {
  return status === 'published' ? <Badge tone="green">{t('editor.status.published')}</Badge> : <Badge tone="slate">{t('editor.status.draft')}</Badge>;
}
