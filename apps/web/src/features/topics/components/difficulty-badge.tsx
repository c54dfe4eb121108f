import type { Difficulty } from '@abhyas/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { t } from '@/i18n/i18n';

const tones: Record<Difficulty, BadgeTone> = { Beginner: 'green', Intermediate: 'amber', Advanced: 'red' };

/** The level of a topic, in words and a matching colour. */
export function DifficultyBadge({ difficulty }: { difficulty: Difficulty }) {
  return <Badge tone={tones[difficulty]}>{t(`difficulty.${difficulty}`)}</Badge>;
}
