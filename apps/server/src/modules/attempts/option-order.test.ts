import { describe, expect, it } from 'vitest';
import { lettersToPositions, newSeed, optionOrder, positionsToLetters, seededShuffle } from './option-order.js';

const question = (over: object = {}) => ({ id: 'q-1', type: 'single' as const, optionCount: 5, shuffleOptions: true, ...over });

describe('option order from the attempt seed', () => {
  it('is the same for the same seed and question, and a permutation of the bank positions', () => {
    const seed = newSeed();
    const order = optionOrder(seed, question(), true);
    expect(optionOrder(seed, question(), true)).toEqual(order);
    expect([...order].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('differs between seeds and between questions', () => {
    const orders = new Set<string>();
    for (let i = 0; i < 40; i += 1) orders.add(optionOrder(newSeed(), question(), true).join());
    expect(orders.size).toBeGreaterThan(10);
    const seed = newSeed();
    const perQuestion = new Set(Array.from({ length: 40 }, (_, i) => optionOrder(seed, question({ id: `q-${i}` }), true).join()));
    expect(perQuestion.size).toBeGreaterThan(10);
  });

  it('keeps the bank order when the test or the question does not shuffle, and for true/false', () => {
    const seed = newSeed();
    expect(optionOrder(seed, question(), false)).toEqual([0, 1, 2, 3, 4]);
    expect(optionOrder(seed, question({ shuffleOptions: false }), true)).toEqual([0, 1, 2, 3, 4]);
    expect(optionOrder(seed, question({ type: 'truefalse', optionCount: 2 }), true)).toEqual([0, 1]);
  });

  it('maps display letters to bank positions and back', () => {
    const order = [2, 0, 3, 1];
    expect(lettersToPositions(order, ['A', 'C'])).toEqual([2, 3]);
    expect(lettersToPositions(order, [])).toEqual([]);
    expect(lettersToPositions(order, ['E'])).toBeNull();
    expect(lettersToPositions(order, ['Z'])).toBeNull();
    expect(positionsToLetters(order, [3, 2])).toEqual(['A', 'C']);
    expect(positionsToLetters(order, [1])).toEqual(['D']);
  });

  it('shuffles any list deterministically', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    expect(seededShuffle(items, 'seed', 'x')).toEqual(seededShuffle(items, 'seed', 'x'));
    expect(seededShuffle(items, 'seed', 'x')).not.toEqual(items);
    expect([...seededShuffle(items, 'seed', 'x')].sort((a, b) => a - b)).toEqual(items);
  });
});
