import { describe, expect, it } from 'vitest';
import { correctPositions, markChoice, markSaved, outcomeForFraction, type MarkedQuestion } from './marking.js';

const scale = { marks: 4, negativeMarks: 1 };
const single: MarkedQuestion = { type: 'single', marking: 'partial', fractions: [0, 1, 0, 0] };
const trueFalse: MarkedQuestion = { type: 'truefalse', marking: 'partial', fractions: [1, 0] };
// Two correct of four: each correct option 1/2, each wrong −1/2 (docs/decisions/007).
const multiple: MarkedQuestion = { type: 'multiple', marking: 'partial', fractions: [0.5, 0.5, -0.5, -0.5] };
const allOrNothing: MarkedQuestion = { ...multiple, marking: 'allOrNothing' };
const thirds: MarkedQuestion = { type: 'multiple', marking: 'partial', fractions: [1 / 3, 1 / 3, 1 / 3, -1] };

describe('marking', () => {
  it('gives a single-answer question its marks for the key and takes the negative marks otherwise', () => {
    expect(markChoice(single, [1], scale)).toEqual({ mark: 4, outcome: 'correct' });
    expect(markChoice(single, [2], scale)).toEqual({ mark: -1, outcome: 'wrong' });
    expect(markChoice(trueFalse, [0], scale)).toEqual({ mark: 4, outcome: 'correct' });
    expect(markChoice(trueFalse, [1], scale)).toEqual({ mark: -1, outcome: 'wrong' });
  });

  it('leaves an empty answer unattempted with no marks either way', () => {
    expect(markChoice(single, [], scale)).toEqual({ mark: 0, outcome: 'unattempted' });
    expect(markChoice(multiple, [], scale)).toEqual({ mark: 0, outcome: 'unattempted' });
  });

  it('marks a wrong answer 0 when the section has no negative marks', () => {
    expect(markChoice(single, [0], { marks: 2, negativeMarks: 0 })).toEqual({ mark: 0, outcome: 'wrong' });
  });

  it('gives a single-answer option with a part fraction that part of the marks', () => {
    expect(markChoice({ type: 'single', marking: 'partial', fractions: [1, 0.5, 0] }, [1], scale)).toEqual({ mark: 2, outcome: 'partial' });
  });

  it('marks a multiple-answer question partially: shares for correct options, a share off per wrong one, never below zero', () => {
    expect(markChoice(multiple, [0, 1], scale)).toEqual({ mark: 4, outcome: 'correct' });
    expect(markChoice(multiple, [1], scale)).toEqual({ mark: 2, outcome: 'partial' });
    // One right and one wrong cancel out: nothing earned is a wrong answer, with its negative marks.
    expect(markChoice(multiple, [0, 2], scale)).toEqual({ mark: -1, outcome: 'wrong' });
    expect(markChoice(multiple, [2, 3], scale)).toEqual({ mark: -1, outcome: 'wrong' });
    // Ticking every box never earns full marks.
    expect(markChoice(multiple, [0, 1, 2, 3], scale)).toEqual({ mark: -1, outcome: 'wrong' });
    expect(markChoice(multiple, [0, 1, 2], scale)).toEqual({ mark: 2, outcome: 'partial' });
  });

  it('caps partial marks at the marks and keeps thirds to four decimals', () => {
    expect(markChoice(thirds, [0, 1, 2], scale)).toEqual({ mark: 4, outcome: 'correct' });
    expect(markChoice(thirds, [0, 1], scale)).toEqual({ mark: 2.6667, outcome: 'partial' });
    expect(markChoice({ type: 'multiple', marking: 'partial', fractions: [1, 1] }, [0, 1], scale)).toEqual({ mark: 4, outcome: 'correct' });
  });

  it('names an answer right when its fraction is within a millionth of the whole, as Moodle does', () => {
    // Moodle XML and GIFT keep seven decimals: three options at 33.33333% add up to 0.9999999.
    const imported: MarkedQuestion = { type: 'multiple', marking: 'partial', fractions: [0.3333333, 0.3333333, 0.3333333, -1] };
    expect(markChoice(imported, [0, 1, 2], scale)).toEqual({ mark: 4, outcome: 'correct' });
    expect(markChoice(imported, [2, 0, 1], { marks: 1, negativeMarks: 0 })).toEqual({ mark: 1, outcome: 'correct' });
    expect(markChoice(imported, [0, 1], scale)).toEqual({ mark: 2.6667, outcome: 'partial' });
    expect(markChoice({ type: 'single', marking: 'partial', fractions: [0.9999999, 0] }, [0], scale)).toEqual({ mark: 4, outcome: 'correct' });
    expect(outcomeForFraction(0.999999)).toBe('partial');
    expect(outcomeForFraction(0.9999991)).toBe('correct');
    expect(outcomeForFraction(1)).toBe('correct');
    expect(outcomeForFraction(0.000001)).toBe('partial');
    expect(outcomeForFraction(0.0000009)).toBe('wrong');
    expect(outcomeForFraction(0)).toBe('wrong');
  });

  it('marks an all-or-nothing question right only for exactly the key', () => {
    expect(markChoice(allOrNothing, [1, 0], scale)).toEqual({ mark: 4, outcome: 'correct' });
    expect(markChoice(allOrNothing, [0], scale)).toEqual({ mark: -1, outcome: 'wrong' });
    expect(markChoice(allOrNothing, [0, 1, 2], scale)).toEqual({ mark: -1, outcome: 'wrong' });
  });

  it('counts "answered and marked for review" only when the test says so', () => {
    const saved = { choice: [1], markedForReview: true };
    expect(markSaved(single, saved, { ...scale, markedAnsweredCounts: true })).toEqual({ mark: 4, outcome: 'correct' });
    expect(markSaved(single, saved, { ...scale, markedAnsweredCounts: false })).toEqual({ mark: 0, outcome: 'unattempted' });
    expect(markSaved(single, { choice: [2], markedForReview: true }, { ...scale, markedAnsweredCounts: true })).toEqual({ mark: -1, outcome: 'wrong' });
    expect(markSaved(single, { choice: [], markedForReview: true }, { ...scale, markedAnsweredCounts: true })).toEqual({ mark: 0, outcome: 'unattempted' });
    expect(markSaved(single, null, { ...scale, markedAnsweredCounts: true })).toEqual({ mark: 0, outcome: 'unattempted' });
  });

  it('names the options with a positive fraction as the key', () => {
    expect(correctPositions(multiple)).toEqual([0, 1]);
    expect(correctPositions(single)).toEqual([1]);
  });
});
