/** Simple and compound interest (compounded annually, 2–3 years, values chosen so answers are whole rupees). */
import type { Draft, Rng } from './util.js';
import { distinct, inr, rupees } from './util.js';

export function simpleInterest(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    let p = 0;
    let r = 0;
    let t = 0;
    do {
      p = 500 * rng.int(2, 60);
      r = rng.int(4, 15);
      t = rng.int(2, 6);
    } while ((p * r * t) % 100 !== 0);
    const si = (p * r * t) / 100;
    return {
      family: 'simple-interest',
      title: 'Simple interest',
      stem: `Find the simple interest on ${rupees(p)} at ${r}% per annum for ${t} years.`,
      answer: si,
      distractors: [p + si, (p * r) / 100, (p * r * (t + 1)) / 100, (p * r * (t - 1)) / 100],
      format: rupees,
      explanation: `SI = P × R × T / 100 = ${inr(p)} × ${r} × ${t} / 100 = ${rupees(si)}.`,
      hi: {
        stem: `${rupees(p)} पर ${r}% वार्षिक दर से ${t} वर्ष का साधारण ब्याज ज्ञात करें।`,
        explanation: `साधारण ब्याज = P × R × T / 100 = ${inr(p)} × ${r} × ${t} / 100 = ${rupees(si)}।`,
      },
      category: 'Banking/Quantitative Aptitude',
      tags: ['simple interest', 'interest'],
      difficulty: 'easy',
    };
  });
}

const PRINCIPALS = [2000, 4000, 5000, 6000, 8000, 10000, 12000, 15000, 16000, 20000, 24000, 25000, 40000, 50000];

export function compoundInterest(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    let r = 0;
    let t = 0;
    let fits: number[] = [];
    do {
      r = rng.pick([5, 10, 20, 15, 4]);
      t = rng.pick([2, 2, 3]);
      fits = PRINCIPALS.filter((p) => (p * (100 + r) ** t) % 100 ** t === 0);
    } while (fits.length === 0);
    const p = rng.pick(fits);
    // Whole-number arithmetic: A = P × (100 + R)^T / 100^T.
    const amount = (p * (100 + r) ** t) / 100 ** t;
    const ci = amount - p;
    const si = (p * r * t) / 100;
    const factor = (1 + r / 100).toString();
    return {
      family: 'compound-interest',
      title: 'Compound interest',
      stem: `Find the compound interest on ${rupees(p)} at ${r}% per annum for ${t} years, compounded annually.`,
      answer: ci,
      distractors: [si, amount, ci + (p * r) / 100, ci - (p * r) / 200],
      format: rupees,
      explanation: `A = P × (1 + R/100)^T = ${inr(p)} × (${factor})^${t} = ${rupees(amount)}. CI = A − P = ${rupees(amount)} − ${rupees(p)} = ${rupees(ci)}. (Simple interest would be only ${rupees(si)}.)`,
      hi: {
        stem: `${rupees(p)} पर ${r}% वार्षिक दर से ${t} वर्ष का चक्रवृद्धि ब्याज ज्ञात करें, जबकि ब्याज वार्षिक रूप से संयोजित होता है।`,
        explanation: `मिश्रधन A = P × (1 + R/100)^T = ${inr(p)} × (${factor})^${t} = ${rupees(amount)}। चक्रवृद्धि ब्याज = A − P = ${rupees(amount)} − ${rupees(p)} = ${rupees(ci)}। (साधारण ब्याज केवल ${rupees(si)} होता।)`,
      },
      category: 'Banking/Quantitative Aptitude',
      tags: ['compound interest', 'interest'],
      difficulty: t === 3 ? 'hard' : 'medium',
    };
  });
}
