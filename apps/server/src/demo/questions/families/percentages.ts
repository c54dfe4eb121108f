/** Percentages, percentage change and profit and loss, with integer-friendly computed answers. */
import type { Draft, Rng } from './util.js';
import { distinct, inr, rupees } from './util.js';

const pct = (n: number): string => `${inr(n)}%`;
const PERCENTS = [5, 10, 12, 15, 20, 25, 30, 35, 40, 45, 60, 75] as const;
const ITEMS: Record<string, string> = {
  'a book': 'एक किताब',
  'a bicycle': 'एक साइकिल',
  'a kilogram of rice': 'एक किलोग्राम चावल',
  'a mobile phone': 'एक मोबाइल फ़ोन',
  'a railway pass': 'एक रेलवे पास',
};

export function percentOf(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    let x = 0;
    let y = 0;
    do {
      x = rng.pick(PERCENTS);
      y = 20 * rng.int(2, 100);
    } while ((x * y) % 100 !== 0);
    const answer = (x * y) / 100;
    return {
      family: 'percent-of',
      title: 'Percentage of a number',
      stem: `What is ${x}% of ${inr(y)}?`,
      answer,
      distractors: [(x * y) / 10, y - answer, answer + x, answer * 2],
      format: inr,
      explanation: `${x}% of ${inr(y)} = ${x}/100 × ${inr(y)} = ${inr(answer)}.`,
      hi: {
        stem: `${inr(y)} का ${x}% कितना है?`,
        explanation: `${inr(y)} का ${x}% = ${x}/100 × ${inr(y)} = ${inr(answer)}।`,
      },
      category: 'SSC/Quantitative Aptitude',
      tags: ['percentages'],
      difficulty: 'easy',
    };
  });
}

export function percentChange(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const rise = rng.next() < 0.5;
    let p = 0;
    let a = 0;
    let b = 0;
    do {
      p = rng.pick(rise ? [5, 10, 15, 20, 25, 30, 40, 50, 60, 75] : [5, 10, 15, 20, 25, 30, 40, 50]);
      a = 20 * rng.int(5, 100);
      b = (a * (100 + (rise ? p : -p))) / 100;
    } while (!Number.isInteger(b));
    const item = rng.pick(Object.keys(ITEMS));
    const change = Math.abs(b - a);
    const wrongBase = Math.round((change / b) * 10000) / 100;
    return {
      family: 'percent-change',
      title: 'Percentage change',
      stem: `The price of ${item} ${rise ? 'rises' : 'falls'} from ${rupees(a)} to ${rupees(b)}. By what percentage did it ${rise ? 'increase' : 'decrease'}?`,
      answer: p,
      distractors: [wrongBase, p + 5, p - 5, p * 2],
      format: pct,
      explanation: `Change = ${rupees(b)} − ${rupees(a)} = ${rise ? '' : '−'}${rupees(change)}. Percentage ${rise ? 'increase' : 'decrease'} = change / original price × 100 = ${inr(change)} / ${inr(a)} × 100 = ${p}%. (Always divide by the original price, not the new one.)`,
      hi: {
        stem: `${ITEMS[item]} का मूल्य ${rupees(a)} से ${rise ? 'बढ़कर' : 'घटकर'} ${rupees(b)} हो जाता है। मूल्य में कितने प्रतिशत की ${rise ? 'वृद्धि' : 'कमी'} हुई?`,
        explanation: `परिवर्तन = ${rupees(b)} − ${rupees(a)} = ${rise ? '' : '−'}${rupees(change)}। प्रतिशत ${rise ? 'वृद्धि' : 'कमी'} = परिवर्तन / मूल मूल्य × 100 = ${inr(change)} / ${inr(a)} × 100 = ${p}%। (सदैव मूल मूल्य से भाग दें, नए मूल्य से नहीं।)`,
      },
      category: 'Banking/Quantitative Aptitude',
      tags: ['percentages', 'percentage change'],
      difficulty: 'medium',
    };
  });
}

export function profitLoss(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const gain = rng.next() < 0.6;
    const askPrice = rng.next() < 0.5;
    let p = 0;
    let cp = 0;
    let sp = 0;
    do {
      p = rng.pick([5, 8, 10, 12, 15, 20, 25, 30, 40]);
      cp = 50 * rng.int(4, 80);
      sp = (cp * (100 + (gain ? p : -p))) / 100;
    } while (!Number.isInteger(sp));
    const word = gain ? 'profit' : 'loss';
    const wordHi = gain ? 'लाभ' : 'हानि';
    const base = {
      family: 'profit-loss',
      title: 'Profit and loss',
      category: 'SSC/Quantitative Aptitude',
      tags: ['profit and loss'],
      // Finding the price is one step; the percentage asks which price to divide by.
      difficulty: askPrice ? ('easy' as const) : ('medium' as const),
    };
    if (askPrice) {
      return {
        ...base,
        stem: `A shopkeeper buys an article for ${rupees(cp)} and sells it at a ${word} of ${p}%. What is the selling price?`,
        answer: sp,
        distractors: [(cp * (100 + (gain ? -p : p))) / 100, cp + p, Math.round((cp * 100) / (100 - (gain ? p : -p))), sp + 50],
        format: rupees,
        explanation: `SP = CP × (100 ${gain ? '+' : '−'} ${word} %) / 100 = ${inr(cp)} × ${100 + (gain ? p : -p)} / 100 = ${rupees(sp)}.`,
        hi: {
          stem: `एक दुकानदार एक वस्तु ${rupees(cp)} में खरीदता है और उसे ${p}% ${wordHi} पर बेचता है। वस्तु का विक्रय मूल्य क्या है?`,
          explanation: `विक्रय मूल्य = क्रय मूल्य × (100 ${gain ? '+' : '−'} ${wordHi} %) / 100 = ${inr(cp)} × ${100 + (gain ? p : -p)} / 100 = ${rupees(sp)}।`,
        },
      };
    }
    const diff = Math.abs(sp - cp);
    return {
      ...base,
      stem: `A shopkeeper buys an article for ${rupees(cp)} and sells it for ${rupees(sp)}. What is his ${word} percentage?`,
      answer: p,
      distractors: [Math.round((diff / sp) * 10000) / 100, p + 5, p - 2, p * 2],
      format: pct,
      explanation: `${gain ? 'Profit' : 'Loss'} = ${rupees(Math.max(cp, sp))} − ${rupees(Math.min(cp, sp))} = ${rupees(diff)}. ${gain ? 'Profit' : 'Loss'} % = ${word} / CP × 100 = ${inr(diff)} / ${inr(cp)} × 100 = ${p}%.`,
      hi: {
        stem: `एक दुकानदार एक वस्तु ${rupees(cp)} में खरीदता है और उसे ${rupees(sp)} में बेचता है। उसका ${wordHi} प्रतिशत क्या है?`,
        explanation: `${wordHi} = ${rupees(Math.max(cp, sp))} − ${rupees(Math.min(cp, sp))} = ${rupees(diff)}। ${wordHi} % = ${wordHi} / क्रय मूल्य × 100 = ${inr(diff)} / ${inr(cp)} × 100 = ${p}%।`,
      },
    };
  });
}
