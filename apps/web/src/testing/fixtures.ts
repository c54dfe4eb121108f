import type { AdminBlog, AdminQuestion, AdminTest, AdminTopic, BlogListItem, ItemStats, Media, QuestionVersion, QuestionVersionSummary, User } from '@abhyas/contracts';

const at = '2026-01-05T10:00:00.000Z';

/** An account as the profile and auth answers carry it: a candidate with an incomplete profile. */
export function user(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: 'Asha Verma',
    email: 'asha@example.com',
    role: 'candidate',
    phone: null,
    city: null,
    state: null,
    pincode: null,
    targetExam: null,
    education: null,
    dateOfBirth: null,
    gender: null,
    preferredLanguage: 'en',
    isCompleted: false,
    createdAt: at,
    updatedAt: at,
    previousSignInAt: null,
    extraMinutesPerHour: 0,
    ...overrides,
  };
}

/** A published blog as GET /public/allblogs lists it. */
export function blogListItem(overrides: Partial<BlogListItem> = {}): BlogListItem {
  return {
    id: 'b1',
    slug: 'exam-day',
    title: 'Exam day',
    language: 'en',
    excerpt: 'What to carry and when to arrive.',
    coverImageUrl: null,
    author: 'Asha',
    tags: [],
    publishedAt: at,
    updatedAt: at,
    readingTimeMinutes: 3,
    ...overrides,
  };
}

/** A topic as GET /api/admin/topics lists it. */
export function adminTopic(overrides: Partial<AdminTopic> & Pick<AdminTopic, 'id' | 'slug' | 'title'>): AdminTopic {
  return {
    language: 'en',
    summary: '',
    category: 'Quantitative Aptitude',
    tags: [],
    difficulty: 'Beginner',
    order: 0,
    publishedAt: at,
    readingTimeMinutes: 3,
    content: 'Text',
    status: 'published',
    createdAt: at,
    updatedAt: at,
    translations: [],
    ...overrides,
  };
}

/** An answer option as the editor API returns it. */
export function questionOption(text: string, correct: boolean, fraction = correct ? 1 : 0): AdminQuestion['options'][number] {
  return { text, textHtml: `<p>${text}</p>`, correct, fraction, feedback: null, feedbackHtml: null };
}

/** A question as the editor API returns it; its languages follow from its language and translation unless given. */
export function adminQuestion(overrides: Partial<AdminQuestion> = {}): AdminQuestion {
  const question: Omit<AdminQuestion, 'languages'> = {
    id: 'q1',
    type: 'single',
    title: null,
    stem: 'What is 2 + 2?',
    stemHtml: '<p>What is 2 + 2?</p>',
    explanation: null,
    explanationHtml: null,
    difficulty: 'medium',
    marks: 1,
    negativeMarks: 0,
    marking: 'partial',
    categoryPath: null,
    topic: null,
    tags: [],
    language: 'en',
    translation: null,
    source: 'manual',
    sourceFormat: null,
    sourceFile: null,
    status: 'draft',
    version: 1,
    options: [questionOption('3', false), questionOption('4', true)],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
  const { language, translation } = question;
  return { ...question, languages: overrides.languages ?? (translation ? [language, translation.language] : [language]) };
}

/** A version in a question's history, as GET /api/admin/questions/:id/versions lists it: the first, current and unused. */
export function questionVersionSummary(overrides: Partial<QuestionVersionSummary> = {}): QuestionVersionSummary {
  return { version: 1, createdAt: at, author: { id: 'u2', name: 'Ravi Editor' }, changes: [], firstUsedAt: null, current: true, ...overrides };
}

/** A version in full, as GET /api/admin/questions/:id/versions/:version answers: the fixture question's content. */
export function questionVersion(overrides: Partial<QuestionVersion> = {}): QuestionVersion {
  const { type, marking, language, stem, stemHtml, explanation, explanationHtml, marks, negativeMarks, options, translation } = adminQuestion();
  return { ...questionVersionSummary(), type, marking, language, stem, stemHtml, explanation, explanationHtml, marks, negativeMarks, options, translation, ...overrides };
}

/** A blog as the editor API returns it. */
export function adminBlog(overrides: Partial<AdminBlog> = {}): AdminBlog {
  return {
    id: 'b1',
    slug: 'exam-day',
    title: 'Exam day',
    language: 'en',
    excerpt: '',
    coverImageUrl: null,
    author: 'Asha',
    tags: [],
    publishedAt: null,
    updatedAt: at,
    readingTimeMinutes: 1,
    content: 'Arrive early.',
    status: 'draft',
    createdAt: at,
    translations: [],
    ...overrides,
  };
}

/** A stored image as POST /api/admin/media answers. */
export function media(overrides: Partial<Media> = {}): Media {
  return { key: 'a1b2c3', url: '/media/a1b2c3.png', contentType: 'image/png', bytes: 68, width: 1, height: 1, ...overrides };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A file whose bytes start like a PNG, `size` bytes long. */
export function pngFile(name: string, size = 64): File {
  const bytes = new Uint8Array(Math.max(size, PNG_SIGNATURE.length));
  bytes.set(PNG_SIGNATURE);
  return new File([bytes], name, { type: 'image/png' });
}

/** A mock test as the editor API returns it: one section of two fixed questions, a draft. */
export function adminTest(overrides: Partial<AdminTest> = {}): AdminTest {
  return {
    id: 'test1',
    slug: 'weekly-mock',
    title: 'Weekly mock',
    description: '',
    instructions: 'Each right answer earns **2 marks**.',
    exam: 'SSC',
    languages: ['en'],
    durationMinutes: 20,
    sections: [{ id: 's1', title: 'Reasoning', marks: 2, negativeMarks: 0.5, timeLimitMinutes: null, questionIds: ['q1', 'q2'], rules: [], questionCount: 2, cutOff: null, language: null }],
    cutOff: null,
    shuffleQuestions: false,
    shuffleOptions: true,
    attemptsAllowed: null,
    markedAnsweredCounts: true,
    revealMode: 'submission',
    revealAt: null,
    graceSeconds: 60,
    status: 'draft',
    questionCount: 2,
    maxScore: 4,
    submittedAttempts: 0,
    createdAt: at,
    updatedAt: at,
    publishedAt: null,
    ...overrides,
  };
}

type ItemStatsQuestion = Extract<ItemStats, { status: 'ok' }>['questions'][number];

/** One question of an item analysis: 30 candidates, key A, nothing flagged. */
export function itemStatsQuestion(overrides: Partial<ItemStatsQuestion> = {}): ItemStatsQuestion {
  return {
    questionId: 'q1',
    label: 'What is 15% of 200?',
    attempts: 30,
    meanMark: 1.2,
    facilityIndex: 62.5,
    standardDeviation: 45.1,
    discriminationIndex: 41.2,
    discriminativeEfficiency: 55.3,
    options: [
      { position: 0, label: '30', correct: true, count: 18, share: 60, upperGroupCount: 9, lowerGroupCount: 3 },
      { position: 1, label: '20', correct: false, count: 6, share: 20, upperGroupCount: 1, lowerGroupCount: 3 },
      { position: 2, label: '15', correct: false, count: 3, share: 10, upperGroupCount: 0, lowerGroupCount: 2 },
      { position: 3, label: '35', correct: false, count: 1, share: 3.3333, upperGroupCount: 0, lowerGroupCount: 1 },
    ],
    noAnswer: { count: 2, share: 6.6667 },
    upperGroupSize: 10,
    lowerGroupSize: 10,
    flags: { lowDiscriminativeEfficiency: false, negativeDiscrimination: false, likelyMiskey: false },
    likelyMiskeyOption: null,
    ...overrides,
  };
}

/** An item analysis with enough attempts, over the questions given. */
export function itemStats(questions: ItemStatsQuestion[]): ItemStats {
  return {
    status: 'ok',
    attempts: 30,
    minimumAttempts: 20,
    test: { attempts: 30, mean: 102.8, median: 109.5, standardDeviation: 52.4, skewness: -0.19, kurtosis: -1.33, internalConsistency: 96.68, errorRatio: 18.23, standardError: 9.55 },
    questions,
  };
}
