import type { TopicListItem } from '@abhyas/contracts';
import { TopicCard } from './topic-card';

/** Topic cards in a responsive grid: one column on phones, up to three on wide screens. */
export function TopicGrid({ topics, headingLevel = 2 }: { topics: readonly TopicListItem[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {topics.map((topic) => (
        <li key={topic.id}>
          <TopicCard topic={topic} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
