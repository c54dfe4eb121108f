import { testInputSchema } from '@abhyas/contracts';
import { describe, expect, it } from 'vitest';
import { adminTest } from '@/testing/fixtures';
import { detailsToPathErrors, draftFromTest, draftToInput, sectionsReducer, summarise } from './test-draft';

describe('test drafts', () => {
  it('round-trips a saved test through the form unchanged', () => {
    const test = adminTest({
      attemptsAllowed: 3,
      revealMode: 'date',
      revealAt: '2030-05-01T04:30:00.000Z',
      cutOff: 22.5,
      sections: [
        { id: 's1', title: 'English', marks: 1, negativeMarks: 0.25, timeLimitMinutes: 20, questionIds: ['q1'], rules: [], questionCount: 1, cutOff: 12.5, language: 'en' },
        { id: 's2', title: 'Quant', marks: 1, negativeMarks: 0.25, timeLimitMinutes: 20, questionIds: [], rules: [{ category: 'Banking/Quant', difficulty: 'hard', count: 4 }], questionCount: 4, cutOff: null, language: null },
      ],
      durationMinutes: 40,
    });
    const input = testInputSchema.parse(draftToInput(draftFromTest(test)));
    expect(input).toMatchObject({
      attemptsAllowed: 3,
      revealMode: 'date',
      revealAt: '2030-05-01T04:30:00.000Z',
      cutOff: 22.5,
      sections: [
        { title: 'English', timeLimitMinutes: 20, questionIds: ['q1'], rules: [], cutOff: 12.5, language: 'en' },
        { title: 'Quant', questionIds: [], rules: [{ category: 'Banking/Quant', difficulty: 'hard', count: 4 }], cutOff: null, language: null },
      ],
    });
    expect(summarise(draftFromTest(test))).toEqual({ questions: 5, maxScore: 5, durationMinutes: 40, locked: true, sectionMinutes: 40 });
  });

  it('sends an empty cut-off as none, a negative or decimal one as a number, and leaves text for the schema to name', () => {
    const draft = draftFromTest();
    expect(draft.cutOff).toBe('');
    expect(draft.sections[0]!.cutOff).toBe('');
    const body = (cutOff: string, sectionCutOff: string) => draftToInput({ ...draft, title: 'Mock', cutOff, sections: [{ ...draft.sections[0]!, cutOff: sectionCutOff }] });
    expect(body('', ' ')).toMatchObject({ cutOff: null, sections: [{ cutOff: null }] });
    expect(body('120', '-2.5')).toMatchObject({ cutOff: 120, sections: [{ cutOff: -2.5 }] });
    expect(body('abc', '0')).toMatchObject({ cutOff: 'abc', sections: [{ cutOff: 0 }] });
    const refused = testInputSchema.safeParse(body('abc', '200000'));
    const messages = refused.error?.issues.filter((i) => i.path.at(-1) === 'cutOff').map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual([
      ['sections.0.cutOff', 'Cut-off is too high'],
      ['cutOff', 'Cut-off must be a number'],
    ]);
  });

  it('adds, reorders and removes sections and rules by key', () => {
    let sections = draftFromTest().sections;
    sections = sectionsReducer(sections, { kind: 'add' });
    const [a, b] = sections;
    sections = sectionsReducer(sections, { kind: 'patch', key: b!.key, patch: { title: 'B' } });
    sections = sectionsReducer(sections, { kind: 'move', key: b!.key, by: -1 });
    expect(sections.map((s) => s.title)).toEqual(['B', '']);
    sections = sectionsReducer(sections, { kind: 'move', key: b!.key, by: -1 });
    expect(sections.map((s) => s.title)).toEqual(['B', '']);
    sections = sectionsReducer(sections, { kind: 'addRule', key: a!.key });
    expect(sections[1]!.rules).toHaveLength(2);
    sections = sectionsReducer(sections, { kind: 'toggleQuestion', key: a!.key, questionId: 'q9' });
    sections = sectionsReducer(sections, { kind: 'toggleQuestion', key: a!.key, questionId: 'q8' });
    sections = sectionsReducer(sections, { kind: 'moveQuestion', key: a!.key, questionId: 'q8', by: -1 });
    expect(sections[1]!.questionIds).toEqual(['q8', 'q9']);
    sections = sectionsReducer(sections, { kind: 'remove', key: b!.key });
    expect(sections).toHaveLength(1);
  });

  it('keys server messages by the whole path, first message kept', () => {
    expect(detailsToPathErrors([
      { field: 'sections.1.rules.0.count', message: 'Needs more' },
      { field: 'sections.1.rules.0.count', message: 'Second' },
      { field: '', message: 'General' },
    ])).toEqual({ 'sections.1.rules.0.count': 'Needs more', '': 'General' });
  });
});
