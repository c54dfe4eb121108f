/** The hand-written demo GIFT files: every file parses cleanly, every question explains its answer. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectHindiBeside } from '../../../test/bilingual-questions.js';
import { parseGift } from '../../modules/questions/formats/gift/parse-gift.js';
import type { ParsedQuestion } from '../../modules/questions/formats/types.js';
import { generateDemoQuestions } from './generated.js';

const dir = new URL('./', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.gift')).sort();
const CATEGORIES: Record<string, string> = {
  'ssc.gift': 'SSC',
  'banking.gift': 'Banking',
  'upsc.gift': 'UPSC',
  'railways.gift': 'Railways',
  'jee.gift': 'JEE',
  'neet.gift': 'NEET',
  'artificial-intelligence.gift': 'Artificial Intelligence',
  'digital-marketing.gift': 'Digital Marketing',
  'web-development.gift': 'Web Development',
  'graphic-design.gift': 'Graphic Design',
  'contests.gift': 'Contests',
};

describe('hand-written demo GIFT files', () => {
  const parsed = files.map((file) => ({ file, result: parseGift(readFileSync(new URL(file, dir)), { fileName: file }) }));

  it('has one file per exam and skill-track category', () => {
    expect(files).toEqual(Object.keys(CATEGORIES).sort());
  });

  it.each(files)('%s parses with no errors and no skipped questions, at least 5 questions', (file) => {
    const { result } = parsed.find((p) => p.file === file)!;
    expect(result.errors).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.questions.length).toBeGreaterThanOrEqual(5);
  });

  it('holds at least 70 questions in all, of every type', () => {
    const all = parsed.flatMap((p) => p.result.questions);
    expect(all.length).toBeGreaterThanOrEqual(70);
    expect(new Set(all.map((q) => q.type))).toEqual(new Set(['single', 'multiple', 'truefalse']));
  });

  it('every question has a title, tags, its file category, an explanation and a coherent answer key', () => {
    for (const { file, result } of parsed) {
      for (const q of result.questions) {
        const where = `${file}: ${q.title}`;
        expect(q.title, where).toBeTruthy();
        expect(q.tags.length, where).toBeGreaterThan(0);
        expect(q.category?.split('/')[0], where).toBe(CATEGORIES[file]);
        expect(q.category?.split('/')).toHaveLength(2);
        expect(q.generalFeedback?.text.trim(), where).toBeTruthy();
        expect(new Set(q.options.map((o) => o.text.text)).size, where).toBe(q.options.length);
        expect(`${q.stem.text} ${q.generalFeedback?.text}`, where).not.toContain('$');
        if (q.type === 'single') {
          expect(q.options.filter((o) => o.fraction === 1), where).toHaveLength(1);
          expect(q.options.length, where).toBe(4);
        }
        if (q.type === 'multiple') {
          const positive = q.options.filter((o) => o.fraction > 0).reduce((sum, o) => sum + o.fraction, 0);
          expect(positive, where).toBeCloseTo(1, 6);
        }
      }
    }
  });

  it('every question has a difficulty, in a mix of all three levels', () => {
    const all = parsed.flatMap((p) => p.result.questions);
    expect(all.filter((q) => q.difficulty === undefined).map((q) => q.title)).toEqual([]);
    for (const level of ['easy', 'medium', 'hard'] as const) expect(all.filter((q) => q.difficulty === level).length, level).toBeGreaterThanOrEqual(10);
  });

  it('marks all or nothing only on multiple-answer questions, JEE "one or more correct" questions among them', () => {
    const all = parsed.flatMap((p) => p.result.questions);
    for (const q of all.filter((x) => x.marking === 'allOrNothing')) expect(q.type, q.title).toBe('multiple');
    const jee = parsed.find((p) => p.file === 'jee.gift')!.result.questions.filter((q) => q.type === 'multiple');
    expect(jee.length).toBeGreaterThanOrEqual(3);
    expect(jee.filter((q) => q.marking === 'allOrNothing').length).toBeGreaterThanOrEqual(2);
    expect(jee.filter((q) => q.marking === undefined).length).toBeGreaterThanOrEqual(1);
  });

  it('writes the SSC (but its English), bank reasoning and railway questions in Hindi too, each one question in both languages', () => {
    const questions = (file: string) => parsed.find((p) => p.file === file)!.result.questions;
    const bilingual = [
      ...questions('ssc.gift').filter((q) => q.category !== 'SSC/English Language'),
      ...questions('banking.gift').filter((q) => q.category === 'Banking/Reasoning'),
      ...questions('railways.gift'),
    ];
    expect(bilingual.length).toBeGreaterThanOrEqual(45);
    for (const q of bilingual) {
      expect(q.language, q.title).toBe('en');
      expectHindiBeside(q);
    }
    // The English sections stay in English, as the papers print them.
    const english = [...questions('ssc.gift'), ...questions('banking.gift')].filter((q) => q.category?.endsWith('/English Language'));
    expect(english.length).toBeGreaterThanOrEqual(40);
    expect(english.filter((q) => q.translation)).toEqual([]);
  });

  it('holds no near-duplicates: the same stem and options, ignoring case, spacing and punctuation, appear once', () => {
    const key = (q: ParsedQuestion) => {
      const norm = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
      return `${norm(q.stem.text)} | ${q.options.map((o) => norm(o.text.text)).sort().join(' | ')}`;
    };
    const all = [...parsed.flatMap((p) => p.result.questions), ...generateDemoQuestions()];
    const seen = new Map<string, string>();
    for (const q of all) {
      const k = key(q);
      expect(seen.get(k), `${q.title} repeats ${seen.get(k)}`).toBeUndefined();
      seen.set(k, q.title ?? '');
    }
    // Stems repeat only where the options carry the question (spelling, odd one out).
    const stems = new Map<string, number>();
    for (const q of all) stems.set(q.stem.text, (stems.get(q.stem.text) ?? 0) + 1);
    expect([...stems].filter(([, n]) => n > 1).map(([stem]) => stem)).toEqual(['Choose the correctly spelt word.']);
  });
});
