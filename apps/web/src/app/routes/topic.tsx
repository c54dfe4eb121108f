import { useParams } from 'react-router';
import { usePracticeChoices } from '@/features/practice/api/get-practice-choices';
import { PractiseTopicLink } from '@/features/practice/components/practise-topic-link';
import { TopicPage } from '@/features/topics/routes/topic-page';

/** `/topics/:slug`: the topic, with "Practise this topic" when the bank has questions on it. */
export function TopicRoute() {
  const { slug = '' } = useParams();
  const choices = usePracticeChoices();
  return <TopicPage actions={<PractiseTopicLink slug={slug} />} actionsPending={choices.isPending} />;
}
