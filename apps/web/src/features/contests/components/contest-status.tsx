import type { ContestStatus } from '@abhyas/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { t } from '@/i18n/i18n';

const tones: Record<ContestStatus, BadgeTone> = { draft: 'slate', upcoming: 'indigo', running: 'green', ended: 'amber', final: 'slate', cancelled: 'red' };

/** Where a contest stands, as a labelled pill: Upcoming, Live now, Results soon, Results out, Cancelled. */
export function ContestStatusBadge({ status }: { status: ContestStatus }) {
  return <Badge tone={tones[status]}>{t(`contests.status.${status}`)}</Badge>;
}
