import { describe, expect, it } from 'vitest';
import { canAddOption, canRemoveOption, optionsReducer, optionsToInput, secondOptionsToInput, type OptionDraft } from './option-editor';

function options(...specs: Array<[string, boolean]>): OptionDraft[] {
  return specs.map(([text, correct], i) => ({ key: `k${i}`, text, correct, feedback: '', secondText: `${text} (hi)`, secondFeedback: '' }));
}
const summary = (list: OptionDraft[]) => list.map((o) => `${o.text}${o.correct ? '*' : ''}`);
const tf = { trueLabel: 'True', falseLabel: 'False' };

describe('optionsReducer', () => {
  it('adds up to six options and removes down to two', () => {
    let list = options(['a', false], ['b', false]);
    expect(canRemoveOption('single', list)).toBe(false);
    expect(optionsReducer('single', list, { kind: 'remove', index: 0 })).toHaveLength(2);
    for (let i = 0; i < 6; i += 1) list = optionsReducer('multiple', list, { kind: 'add' });
    expect(list).toHaveLength(6);
    expect(canAddOption('multiple', list)).toBe(false);
    expect(summary(optionsReducer('multiple', list, { kind: 'remove', index: 1 })).slice(0, 2)).toEqual(['a', '']);
  });

  it('gives single-answer questions radio semantics', () => {
    const list = options(['a', true], ['b', false], ['c', false]);
    expect(summary(optionsReducer('single', list, { kind: 'toggleCorrect', index: 2 }))).toEqual(['a', 'b', 'c*']);
    expect(summary(optionsReducer('truefalse', options(['True', true], ['False', false]), { kind: 'toggleCorrect', index: 1 }))).toEqual(['True', 'False*']);
  });

  it('toggles each option on multiple-answer questions', () => {
    let list = options(['a', true], ['b', false]);
    list = optionsReducer('multiple', list, { kind: 'toggleCorrect', index: 1 });
    expect(summary(list)).toEqual(['a*', 'b*']);
    expect(summary(optionsReducer('multiple', list, { kind: 'toggleCorrect', index: 0 }))).toEqual(['a', 'b*']);
  });

  it('edits text and feedback of one option', () => {
    const list = options(['a', false], ['b', false]);
    const edited = optionsReducer('single', optionsReducer('single', list, { kind: 'text', index: 1, text: 'B' }), { kind: 'feedback', index: 0, feedback: 'no' });
    expect(edited.map((o) => [o.text, o.feedback])).toEqual([
      ['a', 'no'],
      ['B', ''],
    ]);
  });

  it('fixes true/false at two options True and False', () => {
    const list = optionsReducer('truefalse', options(['a', true], ['b', false], ['c', false]), { kind: 'setType', type: 'truefalse', ...tf });
    expect(summary(list)).toEqual(['True', 'False']);
    expect(canAddOption('truefalse', list)).toBe(false);
    expect(canRemoveOption('truefalse', list)).toBe(false);
    expect(optionsReducer('truefalse', list, { kind: 'add' })).toHaveLength(2);
    // Already True / False: which one is correct survives.
    expect(summary(optionsReducer('truefalse', options(['True', false], ['False', true]), { kind: 'setType', type: 'truefalse', ...tf }))).toEqual(['True', 'False*']);
  });

  it('keeps only the first correct option when switching to single answer', () => {
    const list = optionsReducer('single', options(['a', false], ['b', true], ['c', true]), { kind: 'setType', type: 'single', ...tf });
    expect(summary(list)).toEqual(['a', 'b*', 'c']);
  });

  it('sends options without empty feedback', () => {
    const drafts = [
      { key: 'x', text: 'a', correct: true, feedback: ' ', secondText: 'क', secondFeedback: 'क्यों' },
      { key: 'y', text: 'b', correct: false, feedback: 'why', secondText: 'ख', secondFeedback: '' },
    ];
    expect(optionsToInput(drafts)).toEqual([
      { text: 'a', correct: true },
      { text: 'b', correct: false, feedback: 'why' },
    ]);
    expect(secondOptionsToInput(drafts)).toEqual([{ text: 'क', feedback: 'क्यों' }, { text: 'ख' }]);
  });

  it('keeps each option’s other-language texts with it as options move, and True and False the same in both', () => {
    let list = options(['a', false], ['b', true], ['c', false]);
    list = optionsReducer('single', list, { kind: 'secondText', index: 2, text: 'ग' });
    list = optionsReducer('single', list, { kind: 'secondFeedback', index: 1, feedback: 'सही' });
    list = optionsReducer('single', list, { kind: 'remove', index: 0 });
    expect(list.map((o) => [o.text, o.secondText, o.secondFeedback])).toEqual([
      ['b', 'b (hi)', 'सही'],
      ['c', 'ग', ''],
    ]);
    const tfList = optionsReducer('truefalse', list, { kind: 'setType', type: 'truefalse', ...tf });
    expect(tfList.map((o) => [o.text, o.secondText, o.secondFeedback])).toEqual([
      ['True', 'True', 'सही'],
      ['False', 'False', ''],
    ]);
  });
});
