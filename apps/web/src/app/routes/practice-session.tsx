import { useParams } from 'react-router';
import { ReportProblem } from '@/features/challenges/components/report-problem';
import { SessionPage } from '@/features/practice/routes/session-page';

/** `/practice/:id`: the session, with "Report a problem with this question" in each question's feedback. */
export function PracticeSessionRoute() {
  const { id = '' } = useParams();
  return <SessionPage feedbackActions={(questionId) => <ReportProblem questionId={questionId} attemptId={id} />} />;
}
