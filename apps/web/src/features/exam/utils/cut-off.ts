import { t } from '@/i18n/i18n';
import { formatMarks } from '@/lib/format';

/** The score less the cut-off, to two decimals as marks are shown. */
const gapOf = (score: number, cutOff: number) => Math.round((score - cutOff) * 100) / 100;

/**
 * Where a score stands against a cut-off, in words that neither praise nor blame: "you are 8 marks
 * above", "you are 4.5 marks below".
 */
export function cutOffStanding(score: number, cutOff: number): string {
  const gap = gapOf(score, cutOff);
  if (gap === 0) return t('exam.result.cutOff.at');
  const marks = Math.abs(gap);
  if (gap > 0) return marks === 1 ? t('exam.result.cutOff.aboveOne') : t('exam.result.cutOff.above', { marks: formatMarks(marks) });
  return marks === 1 ? t('exam.result.cutOff.belowOne') : t('exam.result.cutOff.below', { marks: formatMarks(marks) });
}

/** The line beside a score: "Cut-off 120 · you are 8 marks above". */
export const cutOffLine = (score: number, cutOff: number): string => t('exam.result.cutOffLine', { cutOff: formatMarks(cutOff), standing: cutOffStanding(score, cutOff) });

/** Where a score stands, short, for a table cell under a "Cut-off" heading: "8 above", "4.5 below", "equal". */
export function cutOffGap(score: number, cutOff: number): string {
  const gap = gapOf(score, cutOff);
  if (gap === 0) return t('exam.result.cutOffGap.at');
  return t(gap > 0 ? 'exam.result.cutOffGap.above' : 'exam.result.cutOffGap.below', { marks: formatMarks(Math.abs(gap)) });
}
