/** Number series (Banking reasoning), LCM and HCF, and unit conversions. */
import type { Draft, Rng } from './util.js';
import { distinct, gcd, inr } from './util.js';

type Series = { terms: number[]; next: number; rule: string; ruleHi: string; kind: string };

function makeSeries(rng: Rng): Series {
  const kind = rng.pick(['arithmetic', 'geometric', 'squares', 'cubes', 'differences'] as const);
  if (kind === 'arithmetic') {
    const a = rng.int(2, 40);
    const d = rng.int(3, 15);
    const all = Array.from({ length: 6 }, (_, i) => a + i * d);
    return { kind, terms: all.slice(0, 5), next: all[5] as number, rule: `Each term adds ${d} to the one before.`, ruleHi: `प्रत्येक पद पिछले पद में ${d} जोड़ने पर मिलता है।` };
  }
  if (kind === 'geometric') {
    const a = rng.int(1, 5);
    const r = rng.int(2, 4);
    const all = Array.from({ length: 6 }, (_, i) => a * r ** i);
    return { kind, terms: all.slice(0, 5), next: all[5] as number, rule: `Each term is ${r} times the one before.`, ruleHi: `प्रत्येक पद पिछले पद का ${r} गुना है।` };
  }
  if (kind === 'squares' || kind === 'cubes') {
    const power = kind === 'squares' ? 2 : 3;
    const k = rng.int(1, kind === 'squares' ? 12 : 5);
    const c = rng.pick([0, 0, 1, -1, 2]);
    const all = Array.from({ length: 6 }, (_, i) => (k + i) ** power + c);
    const shift = c === 0 ? '' : c > 0 ? ` + ${c}` : ` − ${-c}`;
    const name = power === 2 ? 'squares' : 'cubes';
    return {
      kind,
      terms: all.slice(0, 5),
      next: all[5] as number,
      rule: `The terms are ${name} of consecutive numbers${shift ? `, each${shift}` : ''}: ${k}^${power}${shift}, ${k + 1}^${power}${shift}, … so the next is ${k + 5}^${power}${shift}.`,
      ruleHi: `पद क्रमागत संख्याओं के ${c === 0 ? (power === 2 ? 'वर्ग' : 'घन') : `${power === 2 ? 'वर्गों' : 'घनों'} में ${Math.abs(c)} ${c > 0 ? 'जोड़कर' : 'घटाकर'} बने`} हैं: ${k}^${power}${shift}, ${k + 1}^${power}${shift}, … अतः अगला पद ${k + 5}^${power}${shift} है।`,
    };
  }
  const a = rng.int(1, 30);
  const d0 = rng.int(1, 6);
  const step = rng.int(1, 4);
  const all = [a];
  for (let i = 0; i < 5; i += 1) all.push((all[i] as number) + d0 + i * step);
  return {
    kind,
    terms: all.slice(0, 5),
    next: all[5] as number,
    rule: `The differences between terms are ${Array.from({ length: 5 }, (_, i) => d0 + i * step).join(', ')}: they grow by ${step} each time.`,
    ruleHi: `क्रमागत पदों के अंतर ${Array.from({ length: 5 }, (_, i) => d0 + i * step).join(', ')} हैं: प्रत्येक अंतर पिछले से ${step} अधिक है।`,
  };
}

export function numberSeries(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const s = makeSeries(rng);
    const last = s.terms[4] as number;
    const prevGap = last - (s.terms[3] as number);
    return {
      family: 'number-series',
      title: 'Number series',
      stem: `Find the next number in the series: ${s.terms.join(', ')}, ?`,
      answer: s.next,
      distractors: [last + prevGap, s.next + 1, s.next - 2, s.next + prevGap],
      format: String,
      explanation: `${s.rule} Next term = ${s.next}.`,
      hi: {
        stem: `दी गई श्रृंखला में अगली संख्या ज्ञात करें: ${s.terms.join(', ')}, ?`,
        explanation: `${s.ruleHi} अगला पद = ${s.next}।`,
      },
      category: 'Banking/Reasoning',
      tags: ['number series', s.kind],
      difficulty: s.kind === 'differences' ? 'hard' : s.kind === 'arithmetic' || s.kind === 'geometric' ? 'easy' : 'medium',
    };
  });
}

const lcm2 = (a: number, b: number): number => (a / gcd(a, b)) * b;

/** Prime factors as a map prime → power. */
function factorise(n: number): Map<number, number> {
  const out = new Map<number, number>();
  let rest = n;
  for (let p = 2; p * p <= rest; p += 1) {
    while (rest % p === 0) {
      out.set(p, (out.get(p) ?? 0) + 1);
      rest /= p;
    }
  }
  if (rest > 1) out.set(rest, (out.get(rest) ?? 0) + 1);
  return out;
}

const powerText = (p: number, k: number): string => (k === 1 ? `${p}` : `${p}^${k}`);
const factorText = (f: Map<number, number>): string =>
  [...f.entries()].sort((a, b) => a[0] - b[0]).map(([p, k]) => powerText(p, k)).join(' × ') || '1';

/** The factorisations and the LCM's or HCF's prime powers, as the working of both languages writes them. */
function working(nums: number[], askLcm: boolean): { parts: string; chosen: string } {
  const fs = nums.map(factorise);
  const primes = [...new Set(fs.flatMap((f) => [...f.keys()]))].sort((a, b) => a - b);
  const chosen = new Map<number, number>();
  for (const p of primes) {
    const powers = fs.map((f) => f.get(p) ?? 0);
    const k = askLcm ? Math.max(...powers) : Math.min(...powers);
    if (k > 0) chosen.set(p, k);
  }
  return { parts: nums.map((n, i) => `${n} = ${factorText(fs[i] as Map<number, number>)}`).join(', '), chosen: factorText(chosen) };
}

export function lcmHcf(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const n = rng.int(2, 3);
    const base = rng.int(2, 12);
    let mults: number[] = [];
    do {
      mults = Array.from({ length: n }, () => rng.int(2, 9));
    } while (new Set(mults).size !== n);
    const nums = mults.map((m) => m * base).sort((a, b) => a - b);
    const hcf = nums.reduce(gcd);
    const lcm = nums.reduce(lcm2);
    const askLcm = rng.next() < 0.5;
    const list = n === 2 ? `${nums[0]} and ${nums[1]}` : `${nums[0]}, ${nums[1]} and ${nums[2]}`;
    const listHi = n === 2 ? `${nums[0]} और ${nums[1]}` : `${nums[0]}, ${nums[1]} और ${nums[2]}`;
    const product = nums.reduce((a, b) => a * b, 1);
    const { parts, chosen } = working(nums, askLcm);
    const result = inr(askLcm ? lcm : hcf);
    return {
      family: 'lcm-hcf',
      title: askLcm ? 'LCM' : 'HCF',
      stem: `Find the ${askLcm ? 'LCM' : 'HCF'} of ${list}.`,
      answer: askLcm ? lcm : hcf,
      distractors: askLcm ? [product, lcm * 2, hcf, lcm * 3] : [lcm, hcf * 2, hcf * 3, nums[0] as number, base + 1],
      format: inr,
      explanation: `${parts}. The ${askLcm ? 'LCM takes every prime at its highest power' : 'HCF takes only the primes common to all, at their lowest power'}: ${chosen} = ${result}.`,
      hi: {
        stem: `${listHi} का ${askLcm ? 'ल.स.प.' : 'म.स.प.'} ज्ञात करें।`,
        explanation: `${parts}। ${askLcm ? 'ल.स.प. में प्रत्येक अभाज्य गुणनखंड अपनी सबसे बड़ी घात के साथ लिया जाता है' : 'म.स.प. में केवल वे अभाज्य गुणनखंड लिए जाते हैं जो सभी संख्याओं में उभयनिष्ठ हैं, अपनी सबसे छोटी घात के साथ'}: ${chosen} = ${result}।`,
      },
      category: 'Railways/Mathematics',
      tags: ['lcm and hcf'],
      difficulty: n === 3 ? 'medium' : 'easy',
    };
  });
}

type Conversion = { from: string; to: string; factor: number; pick: (rng: Rng) => number; why: string; hi: { from: string; to: string; why: string } };

const CONVERSIONS: Conversion[] = [
  { from: 'km/h', to: 'm/s', factor: 5 / 18, pick: (r) => 18 * r.int(1, 8), why: '1 km/h = 1000 m / 3600 s = 5/18 m/s', hi: { from: 'कि.मी./घंटा', to: 'मीटर/सेकंड', why: '1 कि.मी./घंटा = 1000 मीटर / 3600 सेकंड = 5/18 मीटर/सेकंड' } },
  { from: 'm/s', to: 'km/h', factor: 18 / 5, pick: (r) => 5 * r.int(1, 8), why: '1 m/s = 3600/1000 km/h = 18/5 km/h', hi: { from: 'मीटर/सेकंड', to: 'कि.मी./घंटा', why: '1 मीटर/सेकंड = 3600/1000 कि.मी./घंटा = 18/5 कि.मी./घंटा' } },
  { from: 'kilometres', to: 'metres', factor: 1000, pick: (r) => r.int(3, 25) / 2, why: '1 kilometre = 1,000 metres', hi: { from: 'किलोमीटर', to: 'मीटर', why: '1 किलोमीटर = 1,000 मीटर' } },
  { from: 'kilograms', to: 'grams', factor: 1000, pick: (r) => r.int(3, 25) / 4, why: '1 kilogram = 1,000 grams', hi: { from: 'किलोग्राम', to: 'ग्राम', why: '1 किलोग्राम = 1,000 ग्राम' } },
  { from: 'litres', to: 'millilitres', factor: 1000, pick: (r) => r.int(3, 19) / 2, why: '1 litre = 1,000 millilitres', hi: { from: 'लीटर', to: 'मिलीलीटर', why: '1 लीटर = 1,000 मिलीलीटर' } },
  { from: 'hours', to: 'seconds', factor: 3600, pick: (r) => r.int(1, 6), why: '1 hour = 60 × 60 = 3,600 seconds', hi: { from: 'घंटे', to: 'सेकंड', why: '1 घंटा = 60 × 60 = 3,600 सेकंड' } },
  { from: 'hectares', to: 'square metres', factor: 10000, pick: (r) => r.int(2, 9), why: '1 hectare = 100 m × 100 m = 10,000 square metres', hi: { from: 'हेक्टेयर', to: 'वर्ग मीटर', why: '1 हेक्टेयर = 100 मीटर × 100 मीटर = 10,000 वर्ग मीटर' } },
];

export function unitConversions(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const c = rng.pick(CONVERSIONS);
    const value = c.pick(rng);
    const answer = Math.round(value * c.factor * 1000) / 1000;
    const inverse = c.factor < 10 ? Math.round((value / c.factor) * 100) / 100 : answer * 100;
    const factor = c.factor >= 1 && Number.isInteger(c.factor) ? inr(c.factor) : c.from === 'km/h' ? '5/18' : '18/5';
    return {
      family: 'unit-conversion',
      title: 'Unit conversion',
      stem: `Convert ${inr(value)} ${c.from} into ${c.to}.`,
      answer,
      distractors: [answer * 10, answer / 10, inverse, answer + (c.factor >= 1000 ? c.factor / 2 : 1)],
      format: (n) => `${inr(n)} ${c.to}`,
      explanation: `${c.why}, so ${inr(value)} ${c.from} = ${inr(value)} × ${factor} = ${inr(answer)} ${c.to}.`,
      hi: {
        stem: `${inr(value)} ${c.hi.from} को ${c.hi.to} में बदलें।`,
        explanation: `${c.hi.why}, अतः ${inr(value)} ${c.hi.from} = ${inr(value)} × ${factor} = ${inr(answer)} ${c.hi.to}।`,
        format: (n) => `${inr(n)} ${c.hi.to}`,
      },
      category: 'Railways/Mathematics',
      tags: ['unit conversion'],
      difficulty: c.from.endsWith('/s') || c.to.endsWith('/s') ? 'medium' : 'easy',
    };
  });
}
