import { randomBytes } from 'node:crypto';
import { OPTION_IDS, type OptionId, type QuestionType } from '@abhyas/contracts';
import { seededRandom, shuffled } from '../../lib/seeded-random.js';

/** A new attempt seed: every shuffle of the attempt is derived from it, so it can be replayed. */
export const newSeed = (): string => randomBytes(16).toString('hex');

/** A shuffle determined by the seed and a salt naming what is shuffled: the same inputs give the same order. */
export const seededShuffle = <T>(items: readonly T[], seed: string, salt: string): T[] => shuffled(items, seededRandom(`${seed}:${salt}`));

/**
 * The bank positions of a question's options in the order this candidate sees them. True/false keeps
 * its order; a question may also ask never to be shuffled (Moodle's per-question setting).
 */
export function optionOrder(seed: string, question: { id: string; type: QuestionType; optionCount: number; shuffleOptions: boolean }, testShuffles: boolean): number[] {
  const positions = Array.from({ length: question.optionCount }, (_, i) => i);
  if (!testShuffles || !question.shuffleOptions || question.type === 'truefalse') return positions;
  return seededShuffle(positions, seed, `options:${question.id}`);
}

/** The bank positions the candidate's letters stand for; null when a letter names no option shown. */
export function lettersToPositions(order: readonly number[], letters: readonly string[]): number[] | null {
  const positions: number[] = [];
  for (const letter of letters) {
    const index = (OPTION_IDS as readonly string[]).indexOf(letter);
    if (index < 0 || index >= order.length) return null;
    positions.push(order[index]!);
  }
  return positions;
}

/** The letters the candidate sees for stored bank positions, in display order. */
export function positionsToLetters(order: readonly number[], positions: readonly number[]): OptionId[] {
  const letters: OptionId[] = [];
  for (let index = 0; index < order.length; index += 1) if (positions.includes(order[index]!)) letters.push(OPTION_IDS[index]!);
  return letters;
}
