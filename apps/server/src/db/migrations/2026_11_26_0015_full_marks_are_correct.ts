import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
//
// Marking now names an answer right when it earns more than 0.999999 of the question's marks, as
// Moodle does (question/engine/states.php): imported options at 33.33333% each add up to 0.9999999,
// and such answers were stored as partly right although they earned the full marks. This relabels
// them and corrects what was counted from the label. Marks and scores do not change.

/** A stored answer labelled partly right whose mark is within a millionth of its question's marks. */
const fullMarksLabelledPartial = (answers: string) =>
  sql.raw(`${answers}.outcome = 'partial' and exists (
    select 1 from attempt_questions aq
    where aq.attempt_id = ${answers}.attempt_id and aq.question_id = ${answers}.question_id
      and aq.marks > 0 and ${answers}.mark > aq.marks * 0.999999)`);

export async function up(db: Kysely<any>): Promise<void> {
  // The mistakes shelf: a partly right answer put its question on the shelf. A card reviewed only once
  // (by that answer), whose candidate has no other wrong or partly right answer to the question, is
  // there only because of the label and is removed. A card reviewed again since keeps its history:
  // its next right answer moves it along as for any other card.
  const answersOfCard = `from attempt_answers aa join attempts a on a.id = aa.attempt_id
    where a.user_id = review_cards.user_id and aa.question_id = review_cards.question_id`;
  await sql`delete from review_cards where reps = 1
    and exists (select 1 ${sql.raw(answersOfCard)} and ${fullMarksLabelledPartial('aa')})
    and not exists (select 1 ${sql.raw(answersOfCard)} and (aa.outcome = 'wrong' or (aa.outcome = 'partial' and not (${fullMarksLabelledPartial('aa')}))))`.execute(db);

  // How many ranked attempts got each question of a test right (the review's share right).
  const relabelledOfStat = sql`(select count(*) from attempt_answers aa join attempts a on a.id = aa.attempt_id
    where a.test_id = test_question_stats.test_id and aa.question_id = test_question_stats.question_id
      and a.ranked = 1 and a.status = 'submitted' and ${fullMarksLabelledPartial('aa')})`;
  await sql`update test_question_stats set correct = correct + ${relabelledOfStat} where ${relabelledOfStat} > 0`.execute(db);

  // Each finished attempt's counts of right and partly right answers.
  const relabelledOfAttempt = sql`(select count(*) from attempt_answers aa where aa.attempt_id = attempts.id and ${fullMarksLabelledPartial('aa')})`;
  await sql`update attempts set correct = correct + ${relabelledOfAttempt}, partial = partial - ${relabelledOfAttempt}
    where correct is not null and partial is not null and ${relabelledOfAttempt} > 0`.execute(db);

  await sql`update attempt_answers set outcome = 'correct' where ${fullMarksLabelledPartial('attempt_answers')}`.execute(db);
}

// The old labels were wrong: going down keeps the corrected ones.
export async function down(): Promise<void> {}
