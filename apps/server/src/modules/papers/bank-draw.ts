import { LANGUAGE_NAMES, type ErrorDetail, type QuestionLanguage } from '@abhyas/contracts';
import { validationFailed } from '../../lib/errors.js';
import { seededRandom } from '../../lib/seeded-random.js';
import { publishedQuestionIds, questionStatuses, questionsLackingLanguages } from '../questions/question-reads.service.js';
import { drawRules, type DrawRule } from './draw.js';
import { toRule } from './papers.dto.js';
import type { TestsDeps } from './papers.deps.js';
import type { SectionWithContent } from './papers.repo.js';

/*
 * A test's sections against the question bank: the questions one candidate gets (fixed lists, and
 * blueprint rules drawn from the seed), and the check an editor's save or publish meets.
 */

/** A section as the rules below read it, whether it comes from an editor's input or from the database. */
type SectionShape = {
  title: string;
  questionIds: string[];
  rules: { category?: string | undefined; topic?: string | undefined; difficulty?: 'easy' | 'medium' | 'hard' | undefined; count: number }[];
  /** Set when the section is in this one language only; null: the test's languages. */
  language: QuestionLanguage | null;
};

export const fromStored = (sections: SectionWithContent[]): SectionShape[] => sections.map((s) => ({ title: s.title, questionIds: s.questionIds, rules: s.rules.map(toRule), language: s.language }));

/** The languages a section's questions must be readable in: its own one, else the test's. */
const sectionLanguages = (section: Pick<SectionShape, 'language'>, languages: readonly QuestionLanguage[]): readonly QuestionLanguage[] => (section.language ? [section.language] : languages);

function describeRule(sections: SectionShape[], ref: { section: number; rule: number }): string {
  const section = sections[ref.section]!;
  const rule = section.rules[ref.rule]!;
  const filters = [rule.category && `category ${rule.category}`, rule.topic && `topic ${rule.topic}`, rule.difficulty].filter(Boolean).join(', ');
  return `section ${ref.section + 1} “${section.title}”, rule ${ref.rule + 1} (${filters || 'any published question'})`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What fixed questions of a section in one language only lack. */
const ONE_LANGUAGE_SECTION_LACKS: Record<QuestionLanguage, string> = {
  en: 'The section is in English only, and these questions have no English text',
  hi: 'The section is in Hindi only, and these questions have no Hindi text',
};
/** A test's languages in words: "English", "English and Hindi". */
export const languageNames = (languages: readonly QuestionLanguage[]) => languages.map((l) => LANGUAGE_NAMES[l]).join(' and ');

/**
 * The languages every question matching these sections' rules has, in words: those the sections
 * share ("English and Hindi", "English"), or, for a section in English only beside one in Hindi
 * only, "English or Hindi".
 */
function poolLanguageNames(sections: readonly SectionShape[], languages: readonly QuestionLanguage[]): string {
  const each = sections.map((s) => sectionLanguages(s, languages));
  const shared = languages.filter((l) => each.every((ls) => ls.includes(l)));
  return shared.length > 0 ? languageNames(shared) : [...new Set(each.flat())].map((l) => LANGUAGE_NAMES[l]).join(' or ');
}

type Drawn = { ok: true; questionIds: string[][] } | { ok: false; detail: ErrorDetail };

/**
 * Every section's questions for one candidate: fixed lists as they stand, blueprint rules drawn from
 * the published questions matching them and readable in every language of the test (in its own one,
 * for a section in one language only), deterministically from the seed, never a question twice in the
 * test (a question on a fixed list is never drawn).
 */
export async function drawSections(deps: TestsDeps, sections: SectionShape[], languages: readonly QuestionLanguage[], seed: string, keptBack: ReadonlySet<string> = new Set()): Promise<Drawn> {
  const listed = sections.flatMap((s) => s.questionIds);
  // A question on a fixed list, or kept back, is never drawn.
  const fixed = new Set([...listed, ...keptBack]);
  const refs: { section: number; rule: number }[] = [];
  const rules: DrawRule[] = [];
  const pools = new Map<string, Promise<string[]>>();
  for (const [si, s] of sections.entries()) {
    const readableIn = sectionLanguages(s, languages);
    for (const [ri, r] of s.rules.entries()) {
      const key = JSON.stringify([r.category ?? null, r.topic ?? null, r.difficulty ?? null, readableIn]);
      if (!pools.has(key)) pools.set(key, publishedQuestionIds(deps, { category: r.category, topic: r.topic, difficulty: r.difficulty, languages: readableIn }));
      refs.push({ section: si, rule: ri });
      rules.push({ count: r.count, pool: (await pools.get(key)!).filter((id) => !fixed.has(id)) });
    }
  }
  const result = drawRules(rules, seededRandom(seed));
  if (!result.ok) {
    const { shortfall } = result;
    const first = refs[shortfall.rules[0]!]!;
    const involved = [...new Set(shortfall.rules.map((i) => sections[refs[i]!.section]!))];
    const published = `published ${shortfall.have === 1 ? 'question' : 'questions'} in ${poolLanguageNames(involved, languages)}`;
    const outside = listed.length > 0 ? ' outside the fixed lists' : '';
    const kept = keptBack.size > 0 ? ', leaving out those of contests and tests whose answers are not shown yet' : '';
    const message =
      shortfall.rules.length === 1
        ? `The blueprint of ${describeRule(sections, first)} needs ${plural(shortfall.need, 'question')}; the bank has ${shortfall.have} ${published} matching it${outside}${kept}`
        : `The blueprint rules ${shortfall.rules.map((i) => describeRule(sections, refs[i]!)).join('; ')} need ${plural(shortfall.need, 'question')} together; the bank has ${shortfall.have} ${published} matching them${outside}${kept}`;
    return { ok: false, detail: { field: `sections.${first.section}.rules.${first.rule}.count`, message } };
  }
  const out = sections.map((s) => [...s.questionIds]);
  refs.forEach((ref, i) => out[ref.section]!.push(...result.drawn[i]!));
  return { ok: true, questionIds: out };
}

/**
 * What the bank must hold for these sections of a test offered in `languages`: every fixed question,
 * published (not a draft, not archived) and readable in each language (in its section's one, for a
 * section in one language only); every blueprint, fillable.
 */
export async function checkAgainstBank(deps: TestsDeps, sections: SectionShape[], languages: readonly QuestionLanguage[]): Promise<void> {
  const details: ErrorDetail[] = [];
  const listed = sections.flatMap((s) => s.questionIds);
  const every = [...new Set([...languages, ...sections.flatMap((s) => (s.language ? [s.language] : []))])];
  const [statuses, lacking] = await Promise.all([questionStatuses(deps, listed), questionsLackingLanguages(deps, listed, every)]);
  for (const [i, s] of sections.entries()) {
    const missing = s.questionIds.filter((id) => !statuses.has(id));
    const drafts = s.questionIds.filter((id) => statuses.get(id) === 'draft');
    const archived = s.questionIds.filter((id) => statuses.get(id) === 'archived');
    if (missing.length > 0) details.push({ field: `sections.${i}.questionIds`, message: `No question in the bank has the id ${listIds(missing)}` });
    if (drafts.length > 0) details.push({ field: `sections.${i}.questionIds`, message: `Publish these questions first, they are drafts: ${listIds(drafts)}` });
    if (archived.length > 0) details.push({ field: `sections.${i}.questionIds`, message: `These questions are archived: take them out or restore them: ${listIds(archived)}` });
    for (const language of sectionLanguages(s, languages)) {
      const without = s.questionIds.filter((id) => lacking.get(id)?.includes(language));
      if (without.length === 0) continue;
      const message = s.language
        ? `${ONE_LANGUAGE_SECTION_LACKS[language]}: add it or take them out: ${listIds(without)}`
        : `The test is offered in ${LANGUAGE_NAMES[language]}, and these questions have no ${LANGUAGE_NAMES[language]} text: add it or take them out: ${listIds(without)}`;
      details.push({ field: `sections.${i}.questionIds`, message });
    }
  }
  const drawn = await drawSections(deps, sections, languages, 'check');
  if (!drawn.ok) details.push(drawn.detail);
  if (details.length > 0) throw validationFailed(details);
}

const listIds = (ids: string[]) => (ids.length > 5 ? `${ids.slice(0, 5).join(', ')} and ${ids.length - 5} more` : ids.join(', '));
