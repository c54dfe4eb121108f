import { useParams } from 'react-router';
import { ChallengeWindowNote, QuestionChallenge } from '@/features/challenges/components/review-challenges';
import { ReviewPage } from '@/features/exam/routes/review-page';

/** `/attempts/:id/review`: the review, with the answer-key challenge window above and each question's challenge or report. */
export function ReviewRoute() {
  const { id = '' } = useParams();
  return (
    <ReviewPage
      attemptActions={<ChallengeWindowNote attemptId={id} />}
      questionActions={(question) => <QuestionChallenge attemptId={id} questionId={question.questionId} number={question.number} />}
    />
  );
}
