/** Ratio and proportion (sharing an amount) and averages of a list. */
import type { Draft, Rng } from './util.js';
import { distinct, gcd, inr, rupees } from './util.js';

const PEOPLE = ['A', 'B', 'C'] as const;

export function ratioShare(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const three = rng.next() < 0.4;
    let parts: number[] = [];
    do {
      parts = Array.from({ length: three ? 3 : 2 }, () => rng.int(1, 9));
    } while (new Set(parts).size !== parts.length || parts.reduce(gcd) !== 1);
    const sum = parts.reduce((a, b) => a + b, 0);
    const unit = 10 * rng.int(5, 120);
    const total = sum * unit;
    const who = rng.int(0, parts.length - 1);
    const share = (parts[who] as number) * unit;
    const names = PEOPLE.slice(0, parts.length);
    const namesText = three ? 'A, B and C' : 'A and B';
    const namesHi = three ? 'A, B और C' : 'A और B';
    const others = parts.filter((_, i) => i !== who).map((n) => n * unit);
    return {
      family: 'ratio-share',
      title: 'Ratio and proportion',
      stem: `${rupees(total)} is divided ${three ? 'among' : 'between'} ${namesText} in the ratio ${parts.join(' : ')}. What is ${names[who]}'s share?`,
      answer: share,
      distractors: [...others, Math.round(total / parts.length), share + unit],
      format: rupees,
      explanation: `Total parts = ${parts.join(' + ')} = ${sum}. One part = ${inr(total)} / ${sum} = ${rupees(unit)}. ${names[who]}'s share = ${parts[who]} × ${inr(unit)} = ${rupees(share)}.`,
      hi: {
        stem: `${rupees(total)} को ${namesHi} के बीच ${parts.join(' : ')} के अनुपात में बाँटा जाता है। ${names[who]} का हिस्सा कितना है?`,
        explanation: `कुल भाग = ${parts.join(' + ')} = ${sum}। एक भाग = ${inr(total)} / ${sum} = ${rupees(unit)}। ${names[who]} का हिस्सा = ${parts[who]} × ${inr(unit)} = ${rupees(share)}।`,
      },
      category: 'SSC/Quantitative Aptitude',
      tags: ['ratio and proportion'],
      difficulty: three ? 'medium' : 'easy',
    };
  });
}

export function averages(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const n = rng.int(4, 7);
    const nums = Array.from({ length: n }, () => rng.int(10, 99));
    const rest = nums.reduce((a, b) => a + b, 0) % n;
    if (rest !== 0) nums[n - 1] = (nums[n - 1] as number) + (n - rest);
    const sum = nums.reduce((a, b) => a + b, 0);
    const avg = sum / n;
    const list = `${nums.slice(0, -1).join(', ')} and ${nums[n - 1]}`;
    return {
      family: 'average',
      title: 'Averages',
      stem: `Find the average of ${list}.`,
      answer: avg,
      distractors: [Math.round(sum / (n - 1)), avg + 1, avg - 2, Math.round(sum / (n + 1))],
      format: inr,
      explanation: `Sum = ${nums.join(' + ')} = ${sum}. Average = sum / count = ${sum} / ${n} = ${inr(avg)}.`,
      hi: {
        stem: `${nums.slice(0, -1).join(', ')} और ${nums[n - 1]} का औसत ज्ञात करें।`,
        explanation: `योग = ${nums.join(' + ')} = ${sum}। औसत = योग / पदों की संख्या = ${sum} / ${n} = ${inr(avg)}।`,
      },
      category: 'Railways/Mathematics',
      tags: ['averages'],
      difficulty: 'easy',
    };
  });
}
