/** FSRS card state of one wrongly answered question for one candidate. */
export interface ReviewCardsTable {
  user_id: string;
  question_id: string;
  due: number;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
  last_review: number | null;
  created_at: number;
}

export interface BookmarksTable {
  user_id: string;
  question_id: string;
  created_at: number;
}
