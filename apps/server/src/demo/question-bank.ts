import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { BY_SERVER } from '../modules/audit/audit.service.js';
import { parseGift } from '../modules/questions/formats/gift/parse-gift.js';
import type { ParsedQuestion } from '../modules/questions/formats/types.js';
import { importQuestions } from '../modules/questions/import.service.js';
import { linkQuestionsToTopic } from '../modules/questions/questions.service.js';
import { topicIdBySlug } from '../modules/topics/topics.service.js';
import { generateContestQuestions } from './questions/contest-generated.js';
import { generateDemoQuestions } from './questions/generated.js';

const DEMO_QUESTIONS_DIR = join(import.meta.dirname, 'questions');

/**
 * Imports the demo question bank (hand-written GIFT files and generated arithmetic families, the
 * contests' own papers among them under the contest-only category) through the real importer, published. The content hash makes a second run add nothing.
 * Every generated question, and the hand-written SSC (but its English), railway and bank reasoning ones,
 * hold their Hindi beside the English, as those exams print their papers.
 */
export async function seedDemoQuestions(db: Db, clock: Clock): Promise<number> {
  const deps = { db, clock };
  let imported = 0;
  for (const file of readdirSync(DEMO_QUESTIONS_DIR).filter((f) => f.endsWith('.gift')).sort()) {
    const parsed = parseGift(readFileSync(join(DEMO_QUESTIONS_DIR, file)));
    if (parsed.errors.length > 0) throw new Error(`${file}: ${parsed.errors.map((e) => `line ${e.position.line}: ${e.message}`).join('; ')}`);
    const questions = parsed.questions.map(trueFalseInHindi);
    imported += (await importQuestions(deps, BY_SERVER, { ...parsed, questions }, { dryRun: false, publish: true, sourceFile: file })).imported;
  }
  const generated = { format: 'gift' as const, questions: generateDemoQuestions(), skipped: [], errors: [] };
  imported += (await importQuestions(deps, BY_SERVER, generated, { dryRun: false, publish: true, sourceFile: 'generated' })).imported;
  const contestOnly = { format: 'gift' as const, questions: generateContestQuestions(), skipped: [], errors: [] };
  imported += (await importQuestions(deps, BY_SERVER, contestOnly, { dryRun: false, publish: true, sourceFile: 'generated-contests' })).imported;
  await linkDemoQuestionsToTopics(deps);
  return imported;
}

/**
 * A true/false question's options in its Hindi as the papers print them. GIFT writes only T or F, so
 * a file can give every text of the question in Hindi but these two words.
 */
function trueFalseInHindi(q: ParsedQuestion): ParsedQuestion {
  if (q.type !== 'truefalse' || q.translation?.language !== 'hi') return q;
  const words = ['सत्य', 'असत्य'];
  return { ...q, translation: { ...q.translation, options: q.translation.options.map((o, i) => ({ ...o, text: { text: words[i]!, format: 'plain' } })) } };
}

/** Which demo topic explains the questions carrying a tag. */
const TOPIC_BY_TAG: Record<string, string> = {
  percentages: 'percentages-and-percentage-change',
  'simple interest': 'simple-vs-compound-interest',
  'compound interest': 'simple-vs-compound-interest',
  trains: 'speed-distance-and-trains',
  'speed distance time': 'speed-distance-and-trains',
  'time and work': 'time-and-work',
  'number series': 'number-series-patterns',
  'fundamental rights': 'fundamental-rights-vs-directive-principles',
  cell: 'cell-organelles-and-their-functions',
  'supervised learning': 'supervised-vs-unsupervised-learning',
  'unsupervised learning': 'supervised-vs-unsupervised-learning',
  http: 'http-methods-and-status-codes',
  css: 'css-box-model-and-flexbox',
  typography: 'typography-basics',
  'colour models': 'colour-theory-and-contrast',
};

/** Links demo questions to the demo topic that explains them; questions already linked stay as they are. */
async function linkDemoQuestionsToTopics(deps: { db: Db; clock: Clock }): Promise<void> {
  for (const [tag, slug] of Object.entries(TOPIC_BY_TAG)) {
    const topicId = await topicIdBySlug(deps, slug);
    if (topicId) await linkQuestionsToTopic(deps, tag, topicId);
  }
}
