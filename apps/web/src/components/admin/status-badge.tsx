import type { ContentStatus } from '@abhyas/contracts';
import { Badge } from '@/components/ui/badge';
import { t } from '@/i18n/i18n';

/** Where an item of the editors' lists stands: drafted, published, or archived (deleted once used, kept for those who used it). */
export type ItemStatus = ContentStatus | 'archived';

const TONES = { draft: 'slate', published: 'green', archived: 'amber' } as const;

/** "Draft", "Published" or "Archived". */
export function StatusBadge({ status }: { status: ItemStatus }) {
  return <Badge tone={TONES[status]}>{t(`editor.status.${status}`)}</Badge>;
}
