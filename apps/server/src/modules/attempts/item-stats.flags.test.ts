import { describe, expect, it } from 'vitest';
import { attemptsOf, byId, ok, question, RIGHT, WRONG } from '../../../test/item-stats-factories.js';
import { computeItemStats, type ItemStatsAttempt, type ItemStatsQuestion } from './item-stats.js';

describe('computeItemStats flags', () => {
  it('flags a question the weaker candidates answer better: negative discrimination, low efficiency', () => {
    // 21 candidates. Q1 and Q2 sort them; Q3 is answered right by the weakest only.
    //   7 strong: Q1 ✓, Q2 ✓, Q3 wrong (option 1) → 4 + 4 − 1 = 7
    //   7 middle: Q1 ✓, Q2 ✗, Q3 unanswered     → 4 − 1 + 0 = 3
    //   7 weak:   Q1 ✗, Q2 ✗, Q3 ✓              → −1 − 1 + 4 = 2
    // Q3: x = −1, 0, 4 against X = 8, 3, −2: the question's mark falls as the rest of the test rises.
    const questions = [question('q1', 0), question('q2', 0), question('q3', 0)];
    const attempts = attemptsOf(
      questions,
      [
        { q1: 0, q2: 0, q3: 1 },
        { q1: 0, q2: 1, q3: null },
        { q1: 1, q2: 1, q3: 0 },
      ],
      7,
    );
    const q3 = byId(computeItemStats({ questions, attempts }), 'q3');
    expect(q3.discriminationIndex).toBeLessThan(0);
    expect(q3.discriminativeEfficiency).toBeLessThan(15);
    expect(q3.flags.negativeDiscrimination).toBe(true);
    expect(q3.flags.lowDiscriminativeEfficiency).toBe(true);
    // The strong candidates chose option 1 (7) and never the key (0): it also looks miskeyed.
    expect(q3.flags.likelyMiskey).toBe(true);
    expect(q3.likelyMiskeyOption).toBe(1);
  });

  it('flags a likely miskey: the upper third chose one wrong option more often than the key', () => {
    // Q2's key says option 0, but the best candidates (by Q1 and Q3) chose option 1.
    //   7 strong: Q1 ✓, Q2 option 1 (−1), Q3 ✓  → 7
    //   7 middle: Q1 ✓, Q2 unanswered,    Q3 ✗  → 3
    //   7 weak:   Q1 ✗, Q2 option 0 (+4), Q3 ✗  → 2
    // ⌈21 / 3⌉ = 7: the upper group is the 7 strong candidates; option 1: 7, key (option 0): 0.
    const questions = [question('q1', 0), question('q2', 0), question('q3', 0)];
    const attempts = attemptsOf(
      questions,
      [
        { q1: 0, q2: 1, q3: 0 },
        { q1: 0, q2: null, q3: 1 },
        { q1: 1, q2: 0, q3: 1 },
      ],
      7,
    );
    const result = computeItemStats({ questions, attempts });
    const q2 = byId(result, 'q2');
    expect(q2.upperGroupSize).toBe(7);
    expect(q2.options.map((option) => option.upperGroupCount)).toEqual([0, 7, 0, 0]);
    expect(q2.flags.likelyMiskey).toBe(true);
    expect(q2.likelyMiskeyOption).toBe(1);
    expect(byId(result, 'q1').flags.likelyMiskey).toBe(false);
    expect(byId(result, 'q3').flags.likelyMiskey).toBe(false);
    // Totals 2 ×7, 3 ×7, 7 ×7: the 11th of 21 is the median, 3.
    expect(ok(result).test.median).toBe(3);
  });

  it('flags a multiple-answer question when a wrong option beats one of the keys in the upper group', () => {
    // Key: options 0 and 1. The strong candidates choose 0 and 2, never 1.
    const multi: ItemStatsQuestion = {
      questionId: 'm',
      label: 'Multiple',
      options: [0, 1, 2, 3].map((position) => ({ position, correct: position <= 1, label: `Option ${position}` })),
    };
    const anchor = question('a', 0);
    const attempt = (id: string, anchorRight: boolean, chosen: number[], mark: number): ItemStatsAttempt => {
      const anchorMark = anchorRight ? RIGHT : WRONG;
      return {
        attemptId: id,
        totalMark: anchorMark + mark,
        questions: [
          { questionId: 'a', mark: anchorMark, maxMark: RIGHT, minMark: WRONG, chosenOptions: [anchorRight ? 0 : 1] },
          { questionId: 'm', mark, maxMark: RIGHT, minMark: 0, chosenOptions: chosen },
        ],
      };
    };
    const attempts = [
      ...Array.from({ length: 8 }, (_, i) => attempt(`s${i}`, true, [0, 2], 2)),
      ...Array.from({ length: 8 }, (_, i) => attempt(`m${i}`, false, [0, 1], 4)),
      ...Array.from({ length: 8 }, (_, i) => attempt(`w${i}`, false, [], 0)),
    ];
    // Totals: strong 4 + 2 = 6, middle −1 + 4 = 3, weak −1. Upper group: the 8 strong.
    const m = byId(computeItemStats({ questions: [anchor, multi], attempts }), 'm');
    expect(m.upperGroupSize).toBe(8);
    expect(m.options.map((option) => option.count)).toEqual([16, 8, 8, 0]);
    expect(m.options.map((option) => option.share)).toEqual([(100 * 16) / 24, (100 * 8) / 24, (100 * 8) / 24, 0]);
    expect(m.flags.likelyMiskey).toBe(true);
    expect(m.likelyMiskeyOption).toBe(2);
  });

  it('does not look for a miskey when the upper group would be under 5 candidates', () => {
    // Q2 is in only 6 of the 21 attempts: 2 with total 3 who chose option 1 (wrong), 4 with total −1 who
    // left it. ⌈6 / 3⌉ = 2 candidates would form the upper group, too few to judge the key by.
    const questions = [question('q1', 0), question('q2', 0)];
    const attempts = [
      ...attemptsOf(questions, [{ q1: 0, q2: 1 }], 2),
      ...attemptsOf(questions, [{ q1: 1, q2: null }], 4),
      ...attemptsOf(questions, [{ q1: 0 }, { q1: 1 }], 8).slice(0, 15),
    ];
    expect(attempts).toHaveLength(21);
    const q2 = byId(computeItemStats({ questions, attempts }), 'q2');
    expect(q2.attempts).toBe(6);
    expect(q2.upperGroupSize).toBe(0);
    expect(q2.options.every((option) => option.upperGroupCount === 0)).toBe(true);
    expect(q2.flags.likelyMiskey).toBe(false);
  });
});

describe('computeItemStats on attempts drawn from a blueprint', () => {
  it('adds up the variances of the slots, each over every attempt, not of the questions that filled them', () => {
    // q1 in every attempt; the test's second place holds qa in ten attempts and qb in the other ten.
    const attempts: ItemStatsAttempt[] = Array.from({ length: 20 }, (_, i) => {
      const entries = [
        { questionId: 'q1', mark: i % 3 === 0 ? WRONG : RIGHT, maxMark: RIGHT, minMark: WRONG, chosenOptions: [0], slot: 'first' },
        { questionId: i < 10 ? 'qa' : 'qb', mark: i % 4 < 2 || i === 3 ? RIGHT : 0, maxMark: RIGHT, minMark: WRONG, chosenOptions: [0], slot: 'second' },
      ];
      return { attemptId: `a${i}`, totalMark: entries[0]!.mark + entries[1]!.mark, questions: entries };
    });
    const variance = (values: number[]) => {
      const m = values.reduce((t, v) => t + v, 0) / values.length;
      return values.reduce((t, v) => t + (v - m) ** 2, 0) / (values.length - 1);
    };
    const slotVariances = [0, 1].map((k) => variance(attempts.map((a) => a.questions[k]!.mark)));
    const cic = 100 * 2 * (1 - (slotVariances[0]! + slotVariances[1]!) / variance(attempts.map((a) => a.totalMark)));
    const result = ok(computeItemStats({ questions: ['q1', 'qa', 'qb'].map((id) => question(id, 0)), attempts }));
    expect(result.test.internalConsistency).toBeCloseTo(cic, 10);
    expect(result.questions.map((q) => q.attempts)).toEqual([20, 10, 10]);
    // Without slots each question is its own: three items whose variances are taken over different attempts.
    const unslotted = ok(computeItemStats({ questions: ['q1', 'qa', 'qb'].map((id) => question(id, 0)), attempts: attempts.map((a) => ({ ...a, questions: a.questions.map(({ slot: _slot, ...q }) => q) })) }));
    expect(unslotted.test.internalConsistency).not.toBeCloseTo(cic, 3);
  });
});
