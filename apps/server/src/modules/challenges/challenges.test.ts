import type { Attempt, AttemptResult, ChallengeQueueItem, MyFlag, NoticeList, ReviewQuestion } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestion, makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { startSmtpServer, type SmtpTestServer } from '../../../test/smtp-server.js';

/**
 * Answer-key challenges, reports and key decisions through the API, as candidates and editors use
 * them: a decision re-marks every attempt it covers exactly, and everyone affected is told.
 */
const clock = testClock(Date.UTC(2026, 10, 27, 9, 0, 0));
let t: TestApp;
let smtp: SmtpTestServer;
let editor: Record<string, string>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ clock, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Abhyas <results@abhyas.example>', PUBLIC_URL: 'https://abhyas.example' } });
  editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function candidate(name: string) {
  const { user, auth } = await signedInUser(t.app, t.db, { name });
  return { user, headers: { ...auth, 'x-device-id': 'desk' } as Headers };
}

/** Saves the answers (question id → option ids) and submits; answers the attempt's id. */
async function sit(slug: string, headers: Headers, answers: Record<string, string[]>, submit = true): Promise<string> {
  const attempt = (await call('POST', `/api/tests/${slug}/attempts`, headers)).json().data as Attempt;
  clock.advance(60_000);
  let seq = 0;
  for (const [questionId, optionIds] of Object.entries(answers)) {
    expect((await call('PUT', `/api/attempts/${attempt.id}/answers/${questionId}`, headers, { optionIds, markedForReview: false, seq: ++seq, timeSpentMs: 5_000 })).statusCode).toBe(200);
  }
  if (submit) expect((await call('POST', `/api/attempts/${attempt.id}/submit`, headers)).statusCode).toBe(200);
  return attempt.id;
}

const score = async (attemptId: string, headers: Headers) => ((await call('GET', `/api/attempts/${attemptId}/result`, headers)).json().data as AttemptResult).score;
const review = async (attemptId: string, headers: Headers) => (await call('GET', `/api/attempts/${attemptId}/review`, headers)).json().data.questions as ReviewQuestion[];

/** Every submitted attempt's stored score and counts equal those recomputed from its stored marks. */
async function expectTotalsAgreeWithMarks() {
  const attempts = await t.db.selectFrom('attempts').select(['id', 'score', 'correct', 'wrong', 'unattempted', 'sections']).where('status', '=', 'submitted').where('behaviour', '=', 'timed').execute();
  for (const a of attempts) {
    const marks = await t.db.selectFrom('attempt_answers').select(['mark', 'outcome']).where('attempt_id', '=', a.id).execute();
    const questions = (JSON.parse(a.sections) as { questions: unknown[] }[]).reduce((n, s) => n + s.questions.length, 0);
    const counted = (o: string) => marks.filter((m) => m.outcome === o).length;
    expect(Number(a.score)).toBeCloseTo(marks.reduce((s, m) => s + Number(m.mark ?? 0), 0), 6);
    expect([a.correct, a.wrong]).toEqual([counted('correct'), counted('wrong')]);
    expect(a.unattempted).toBe(questions - counted('correct') - counted('wrong') - counted('partial'));
  }
}

describe('answer-key challenges and decisions', () => {
  let q1: { id: string };
  let q2: { id: string };
  let q3: { id: string };
  let slug: string;
  let testId: string;
  let asha: Awaited<ReturnType<typeof candidate>>;
  let ravi: Awaited<ReturnType<typeof candidate>>;
  let ashaAttempt: string;
  let raviAttempt: string;

  beforeAll(async () => {
    // Four options each at +4/−1; the keys as published: Q1 A, Q2 B, Q3 A.
    q1 = await makeQuestion(t.db, { key: [0], stem: 'Which gas do plants take in? (keyed A)' });
    q2 = await makeQuestion(t.db, { key: [1] });
    q3 = await makeQuestion(t.db, { key: [0] });
    const test = await makeTest(t.db, { title: 'SSC CGL Tier I Mock 1', sections: [{ questionIds: [q1.id, q2.id, q3.id], marks: 4, negativeMarks: 1 }] });
    slug = test.slug;
    testId = test.id;
    asha = await candidate('Asha Verma');
    ravi = await candidate('Ravi Kumar');
    ashaAttempt = await sit(slug, asha.headers, { [q1.id]: ['B'], [q2.id]: ['B'] });
    raviAttempt = await sit(slug, ravi.headers, { [q1.id]: ['A'], [q3.id]: ['A'] });
    await t.jobs.drain();
    expect([await score(ashaAttempt, asha.headers), await score(raviAttempt, ravi.headers)]).toEqual([3, 8]);
  });

  it('takes one challenge per candidate and question, of their own submitted attempt, inside the window', async () => {
    const sent = await call('POST', `/api/attempts/${ashaAttempt}/challenges`, asha.headers, { questionId: q1.id, reason: 'wrong_key', comment: 'Plants take in carbon dioxide: B' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({ kind: 'challenge', questionId: q1.id, version: 1, questionNumber: 1, test: { id: testId, title: 'SSC CGL Tier I Mock 1' }, status: 'open', resolution: null, excerpt: expect.stringContaining('Which gas') });

    const again = await call('POST', `/api/attempts/${ashaAttempt}/challenges`, asha.headers, { questionId: q1.id, reason: 'no_correct' });
    expect(again.json()).toMatchObject({ statusCode: 409, message: 'You have already challenged this question' });
    expect((await call('POST', `/api/attempts/${ashaAttempt}/challenges`, ravi.headers, { questionId: q1.id, reason: 'wrong_key' })).statusCode).toBe(404);
    const other = await makeQuestion(t.db, { key: [0] });
    expect((await call('POST', `/api/attempts/${ashaAttempt}/challenges`, asha.headers, { questionId: other.id, reason: 'wrong_key' })).json()).toMatchObject({ statusCode: 404, message: 'This question is not part of the attempt' });
    expect((await call('POST', `/api/attempts/${ashaAttempt}/challenges`, asha.headers, { questionId: q1.id, reason: 'because' })).statusCode).toBe(400);

    // An attempt still open cannot be challenged yet.
    const meera = await candidate('Meera Nair');
    const open = await sit(slug, meera.headers, { [q1.id]: ['A'] }, false);
    expect((await call('POST', `/api/attempts/${open}/challenges`, meera.headers, { questionId: q1.id, reason: 'wrong_key' })).json()).toMatchObject({ statusCode: 409, code: 'CHALLENGE_CLOSED' });
    await call('POST', `/api/attempts/${open}/submit`, meera.headers);

    const mine = (await call('GET', `/api/attempts/${ashaAttempt}/challenges`, asha.headers)).json().data;
    expect(mine.window).toEqual({ open: true, closesAt: null, reason: null });
    expect(mine.challenges.map((c: MyFlag) => c.questionId)).toEqual([q1.id]);
    expect((await call('GET', `/api/attempts/${ashaAttempt}/challenges`, ravi.headers)).statusCode).toBe(404);
  });

  it('takes reports of a question from practice or a review, one open report at a time', async () => {
    const report = await call('POST', `/api/questions/${q2.id}/reports`, ravi.headers, { reason: 'other', comment: 'Option C has a typo' });
    expect(report.json().data).toMatchObject({ kind: 'report', questionId: q2.id, attemptId: null, test: null, reason: 'other' });
    expect((await call('POST', `/api/questions/${q2.id}/reports`, ravi.headers, { reason: 'error_in_question' })).statusCode).toBe(409);
    const fromReview = await call('POST', `/api/questions/${q3.id}/reports`, asha.headers, { reason: 'error_in_question', attemptId: ashaAttempt });
    expect(fromReview.json().data).toMatchObject({ attemptId: ashaAttempt, questionNumber: 3, test: { id: testId } });
    expect((await call('POST', `/api/questions/${q3.id}/reports`, ravi.headers, { reason: 'other', attemptId: ashaAttempt })).statusCode).toBe(404);
    expect((await call('POST', '/api/questions/no-such-question/reports', ravi.headers, { reason: 'other' })).statusCode).toBe(404);
  });

  it('shows editors one queue with the counts, comments and item analysis, and keeps it from candidates', async () => {
    const queue = (await call('GET', '/api/admin/challenges', editor)).json().data as ChallengeQueueItem[];
    const item = queue.find((i) => i.questionId === q1.id)!;
    expect(item).toMatchObject({ version: 1, test: { id: testId }, total: 1, counts: { wrong_key: 1, multiple_correct: 0 }, comments: [{ kind: 'challenge', comment: 'Plants take in carbon dioxide: B' }], decision: null });
    expect(item.options.map((o) => o.correct)).toEqual([true, false, false, false]);
    expect(queue.find((i) => i.questionId === q2.id)).toMatchObject({ test: null, counts: { other: 1 } });
    expect((await call('GET', '/api/admin/challenges', asha.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/challenges?status=closed', editor)).statusCode).toBe(400);
  });

  it('re-marks every attempt a key change covers, exactly, and tells each candidate in the app and by mail', async () => {
    const before = smtp.mails.length;
    const decided = await call('POST', `/api/admin/questions/${q1.id}/key-decisions`, editor, { testId, action: 'change', correctOptionIds: ['B'], note: 'Carbon dioxide is option B' });
    expect(decided.json().data).toMatchObject({ remarked: 3, changed: 3, decision: { action: 'change', correctOptionIds: ['B'], testId, version: 1 } });

    // Asha's wrong answer is right by the new key, Ravi's right answer wrong.
    expect([await score(ashaAttempt, asha.headers), await score(raviAttempt, ravi.headers)]).toEqual([8, 3]);
    const ashaReview = await review(ashaAttempt, asha.headers);
    expect(ashaReview[0]).toMatchObject({ isCorrect: true, correctOptionIds: ['B'], mark: 4, keyDecision: { action: 'change', note: 'Carbon dioxide is option B' } });
    expect(ashaReview[1]!.keyDecision).toBeNull();
    await expectTotalsAgreeWithMarks();
    // The test's per-question figures follow: one of three first attempts right.
    expect(ashaReview[0]!.shareCorrect).toBeCloseTo(1 / 3, 4);

    // Asha's challenge is answered; both are told.
    const challenge = ((await call('GET', '/api/me/challenges', asha.headers)).json().data as MyFlag[]).find((f) => f.kind === 'challenge');
    expect(challenge).toMatchObject({ status: 'resolved', resolution: 'changed', reply: 'Carbon dioxide is option B' });
    const notices = (await call('GET', '/api/me/notices', ravi.headers)).json() as NoticeList;
    expect(notices.unread).toBe(1);
    expect(notices.data[0]).toMatchObject({ kind: 'score_changed', params: { test: 'SSC CGL Tier I Mock 1', question: 1, from: 8, to: 3, note: 'Carbon dioxide is option B' }, link: `/attempts/${raviAttempt}/review` });
    await t.jobs.drain();
    const mails = smtp.mails.slice(before);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(expect.arrayContaining([asha.user.email, ravi.user.email]));
    expect(mails.find((m) => m.to[0] === ravi.user.email)!.text).toContain('Your score in SSC CGL Tier I Mock 1 changed from 8 to 3: the answer key of Q1 was revised (Carbon dioxide is option B)');
    expect((await call('POST', '/api/me/notices/read', ravi.headers, {})).statusCode).toBe(204);
    expect(((await call('GET', '/api/me/notices', ravi.headers)).json() as NoticeList).unread).toBe(0);

    // The decision is in the audit trail; deciding again with the same key changes no score.
    const trail = await t.db.selectFrom('audit_events').select(['kind', 'object_id']).where('kind', '=', 'question.key_decided').execute();
    expect(trail).toEqual([{ kind: 'question.key_decided', object_id: q1.id }]);
    const same = await call('POST', `/api/admin/questions/${q1.id}/key-decisions`, editor, { testId, action: 'change', correctOptionIds: ['B'], note: 'Confirmed' });
    expect(same.json().data).toMatchObject({ remarked: 3, changed: 0 });
  });

  it('gives full marks to every candidate for a dropped question, answered or not', async () => {
    const decided = await call('POST', `/api/admin/questions/${q3.id}/key-decisions`, editor, { action: 'drop', note: 'Two options were the same' });
    expect(decided.json().data).toMatchObject({ remarked: 3, changed: 2, decision: { action: 'drop', testId: null, correctOptionIds: null } });
    expect([await score(ashaAttempt, asha.headers), await score(raviAttempt, ravi.headers)]).toEqual([12, 3]);
    expect((await review(ashaAttempt, asha.headers))[2]).toMatchObject({ outcome: 'correct', mark: 4, optionIds: [], keyDecision: { action: 'drop' } });
    await expectTotalsAgreeWithMarks();
    // Asha's report of the question is answered with the decision.
    const flags = (await call('GET', '/api/me/challenges', asha.headers)).json().data as MyFlag[];
    expect(flags.find((f) => f.questionId === q3.id)).toMatchObject({ status: 'resolved', resolution: 'dropped' });
  });

  it('takes a right answer by the new key off the mistakes shelf', async () => {
    const shelf = async (userId: string) => (await t.db.selectFrom('review_cards').select('question_id').where('user_id', '=', userId).execute()).map((r) => r.question_id);
    // Ravi's Q1 was right when he submitted and is wrong now: on his shelf; Asha's is right now: off hers.
    expect(await shelf(ravi.user.id)).toContain(q1.id);
    expect(await shelf(asha.user.id)).not.toContain(q1.id);
    // Asha's Q2 answer (B) was right throughout; her Q3, unanswered, was never on it.
    expect(await shelf(asha.user.id)).toEqual([]);
  });

  it('refuses a decision while the question’s key is sealed by a running contest, and takes it once released', async () => {
    const sealedUntil = clock.now() + 3_600_000;
    await t.db.updateTable('tests').set({ key_sealed_until: sealedUntil }).where('id', '=', testId).execute();
    const refused = await call('POST', `/api/admin/questions/${q2.id}/key-decisions`, editor, { testId, action: 'keep', note: 'Checked' });
    expect(refused.json()).toMatchObject({ statusCode: 409, message: `The key of this question is still sealed until ${new Date(sealedUntil).toISOString()}: decide once it is released` });
    expect(await t.db.selectFrom('question_key_decisions').select('id').where('question_id', '=', q2.id).execute()).toEqual([]);
    await t.db.updateTable('tests').set({ key_sealed_until: null }).where('id', '=', testId).execute();
  });

  it('refuses a malformed or impossible decision with a clear 4xx', async () => {
    const decide = (id: string, body: object) => call('POST', `/api/admin/questions/${id}/key-decisions`, editor, body);
    expect((await decide(q2.id, { action: 'keep', correctOptionIds: ['A'], note: 'x' })).statusCode).toBe(400);
    expect((await decide(q2.id, { action: 'accept', correctOptionIds: ['A'], note: 'x' })).statusCode).toBe(400);
    expect((await decide(q2.id, { action: 'change', correctOptionIds: ['F'], note: 'x' })).json()).toMatchObject({ statusCode: 400, details: [{ field: 'correctOptionIds' }] });
    expect((await decide(q2.id, { action: 'change', correctOptionIds: ['A', 'C'], note: 'x' })).statusCode).toBe(400);
    expect((await decide(q2.id, { action: 'keep', note: '' })).statusCode).toBe(400);
    expect((await decide('no-such-question', { action: 'keep', note: 'x' })).statusCode).toBe(404);
    expect((await decide(q2.id, { action: 'keep', testId: 'no-such-test', note: 'x' })).statusCode).toBe(404);
    expect((await decide(q2.id, { action: 'keep', version: 7, note: 'x' })).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/questions/${q2.id}/key-decisions`, asha.headers, { action: 'keep', note: 'x' })).statusCode).toBe(403);
  });

  it('closes reports without a decision, telling each reporter', async () => {
    const closed = await call('POST', '/api/admin/challenges/resolve', editor, { questionId: q2.id, resolution: 'fixed', reply: 'The typo in option C is corrected' });
    expect(closed.json()).toEqual({ data: { resolved: 1 } });
    const notices = ((await call('GET', '/api/me/notices', ravi.headers)).json() as NoticeList).data;
    expect(notices[0]).toMatchObject({ kind: 'report_answered', params: { resolution: 'fixed', reply: 'The typo in option C is corrected' } });
    // Reported again after the fix: a new open report.
    expect((await call('POST', `/api/questions/${q2.id}/reports`, ravi.headers, { reason: 'other' })).statusCode).toBe(201);
  });
});

describe('notices by mail in the candidate’s language', () => {
  it('mails a Hindi reader the changed score, the answered challenge and the answered report in Hindi', async () => {
    const kept = await makeQuestion(t.db, { key: [0], stem: 'भारत की राजधानी कौन-सी है?' });
    const changed = await makeQuestion(t.db, { key: [1] });
    const reported = await makeQuestion(t.db, { key: [1] });
    const test = await makeTest(t.db, { title: 'SSC GD मॉक 2', sections: [{ questionIds: [kept.id, changed.id, reported.id], marks: 2, negativeMarks: 0.5 }] });
    const { user, auth } = await signedInUser(t.app, t.db, { name: 'Meera Nair', preferred_language: 'hi' });
    const headers = { ...auth, 'x-device-id': 'phone' };
    const attempt = await sit(test.slug, headers, { [kept.id]: ['B'], [changed.id]: ['A'] });
    expect((await call('POST', `/api/attempts/${attempt}/challenges`, headers, { questionId: kept.id, reason: 'wrong_key' })).statusCode).toBe(201);
    expect((await call('POST', `/api/questions/${reported.id}/reports`, headers, { reason: 'other', comment: 'Typo' })).statusCode).toBe(201);
    await t.jobs.drain();

    const before = smtp.mails.length;
    const decide = (id: string, body: object) => call('POST', `/api/admin/questions/${id}/key-decisions`, editor, { testId: test.id, ...body });
    expect((await decide(kept.id, { action: 'keep', note: 'उत्तर A ही सही है' })).statusCode).toBe(200);
    expect((await decide(changed.id, { action: 'change', correctOptionIds: ['A'], note: 'सही उत्तर A है' })).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/challenges/resolve', editor, { questionId: reported.id, resolution: 'fixed', reply: 'वर्तनी सुधार दी गई' })).statusCode).toBe(200);
    await t.jobs.drain();
    await smtp.waitForMail(before + 3);
    const mails = smtp.mails.slice(before).filter((m) => m.to[0] === user.email);
    const bySubject = new Map(mails.map((m) => [m.subject, m.text]));
    expect([...bySubject.keys()].sort()).toEqual(['SSC GD मॉक 2 में आपका स्कोर बदल गया है', 'SSC GD मॉक 2 में आपकी चुनौती का जवाब दिया गया', 'आपकी बताई समस्या देख ली गई है'].sort());
    expect(bySubject.get('SSC GD मॉक 2 में आपका स्कोर बदल गया है')).toContain(
      'नमस्ते Meera Nair,\n\nSSC GD मॉक 2 में आपका स्कोर -1 से बदलकर 1.5 हो गया है: प्रश्न 2 की उत्तर कुंजी संशोधित की गई (सही उत्तर A है)।',
    );
    expect(bySubject.get('SSC GD मॉक 2 में आपकी चुनौती का जवाब दिया गया')).toContain('प्रश्न 1 की उत्तर कुंजी पर आपकी चुनौती का जवाब दिया गया: उत्तर कुंजी वही रखी गई।\n\nउत्तर A ही सही है');
    expect(bySubject.get('आपकी बताई समस्या देख ली गई है')).toContain(': प्रश्न सुधार दिया गया।\n\nवर्तनी सुधार दी गई');
    for (const text of bySubject.values()) expect(text).not.toMatch(/Hello|Your |answered|changed/);
  });
});
