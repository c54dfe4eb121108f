/**
 * Reasoning families with one right answer by construction: coding-decoding, letter series,
 * direction sense, clock angles, calendars and symbol substitution (SSC), ranking in a row and
 * alphabet positions (Banking).
 */
import type { Draft, Rng } from './util.js';
import { distinct } from './util.js';
import { DAYS_HI, END_HI, HEADINGS_HI, MONTHS_HI, NAMES_HI, SIDE_HI, ordinalHi, ordinalHiOblique, type Person } from './hindi-words.js';

const SSC = 'SSC/General Intelligence and Reasoning';
const BANKING = 'Banking/Reasoning';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const letterAt = (position: number): string => ALPHABET[position - 1] as string;
const positionOf = (letter: string): number => ALPHABET.indexOf(letter) + 1;
/** Moves a letter `k` places along the alphabet, going round from Z to A. */
const shift = (letter: string, k: number): string => letterAt(((((positionOf(letter) - 1 + k) % 26) + 26) % 26) + 1);
const mirror = (letter: string): string => letterAt(27 - positionOf(letter));

const ordinal = (n: number): string => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

// CAT and DOG are left out: the hand-written coding question uses them.
const WORDS = ['SUN', 'PEN', 'CUP', 'MAP', 'BOOK', 'TREE', 'FISH', 'MILK', 'RAIN', 'STAR', 'BIRD', 'LAMP', 'DESK', 'GOLD', 'ROSE', 'KING', 'BELL', 'WIND', 'SALT', 'HOME', 'RICE', 'PLANT', 'WATER', 'CLOUD', 'RIVER'];

type Code = { apply: (word: string) => string; rule: (words: string[]) => string; ruleHi: (words: string[]) => string; difficulty: Draft['difficulty'] };

function codeFor(rng: Rng): Code {
  if (rng.next() < 0.2) {
    return {
      apply: (w) => [...w].map(mirror).join(''),
      rule: () => 'Each letter is replaced by its opposite in the alphabet (A and Z, B and Y, …: the two positions add up to 27)',
      ruleHi: () => 'प्रत्येक अक्षर को वर्णमाला में उसके विपरीत अक्षर से बदला गया है (A और Z, B और Y, …: दोनों के स्थानों का योग 27 होता है)',
      difficulty: 'hard',
    };
  }
  const k = rng.pick([1, 2, 3, -1, -2]);
  const places = Math.abs(k) === 1 ? 'one place' : `${Math.abs(k)} places`;
  const wraps = (words: string[]) => words.some((w) => [...w].some((c) => positionOf(c) + k > 26 || positionOf(c) + k < 1));
  return {
    apply: (w) => [...w].map((c) => shift(c, k)).join(''),
    rule: (words) => `Each letter moves ${places} ${k > 0 ? 'forward' : 'back'} in the alphabet${wraps(words) ? (k > 0 ? ' (after Z comes A again)' : ' (before A comes Z)') : ''}`,
    ruleHi: (words) =>
      `प्रत्येक अक्षर वर्णमाला में ${Math.abs(k) === 1 ? 'एक स्थान' : `${Math.abs(k)} स्थान`} ${k > 0 ? 'आगे' : 'पीछे'} जाता है${wraps(words) ? (k > 0 ? ' (Z के बाद फिर A आता है)' : ' (A से पहले Z आता है)') : ''}`,
    difficulty: Math.abs(k) === 1 ? 'easy' : 'medium',
  };
}

export function codingDecoding(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const code = codeFor(rng);
    const [example, target] = rng.shuffle(WORDS) as [string, string];
    const answer = code.apply(target);
    const pairs = (w: string) => [...w].map((c, i) => `${c}→${code.apply(w)[i]}`).join(', ');
    const onward = (k: number) => [...target].map((c) => shift(c, k)).join('');
    return {
      family: 'coding-decoding',
      title: 'Coding-decoding',
      stem: `In a certain code language, ${example} is written as ${code.apply(example)}. How is ${target} written in that code language?`,
      answer,
      distractors: [[...answer].reverse().join(''), onward(1) === answer ? onward(2) : onward(1), onward(-1) === answer ? onward(-2) : onward(-1), [...target].map(mirror).join(''), onward(3)],
      explanation: `${code.rule([example, target])}: ${pairs(example)}. The same rule on ${target}: ${pairs(target)}, so ${target} is written ${answer}.`,
      hi: {
        stem: `किसी निश्चित कूट भाषा में ${example} को ${code.apply(example)} लिखा जाता है। उसी कूट भाषा में ${target} को कैसे लिखा जाएगा?`,
        explanation: `${code.ruleHi([example, target])}: ${pairs(example)}। यही नियम ${target} पर लगाने से: ${pairs(target)}, अतः ${target} को ${answer} लिखा जाएगा।`,
      },
      category: SSC,
      tags: ['reasoning', 'coding-decoding'],
      difficulty: code.difficulty,
    };
  });
}

export function letterSeries(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const growing = rng.next() < 0.4;
    let steps: number[] = [];
    let start = 0;
    do {
      const d = rng.int(2, 6);
      steps = Array.from({ length: 4 }, (_, i) => d + (growing ? i : 0));
      start = rng.int(1, 10);
    } while (start + steps.reduce((a, b) => a + b, 0) > 26);
    const positions = [start];
    for (const s of steps) positions.push((positions.at(-1) as number) + s);
    const shown = positions.slice(0, 4).map(letterAt);
    const next = positions[4] as number;
    const answer = letterAt(next);
    const near = (k: number) => (next + k >= 1 && next + k <= 26 ? letterAt(next + k) : letterAt(next - 2 * k));
    return {
      family: 'letter-series',
      title: 'Letter series',
      stem: `Which letter comes next in the series: ${shown.join(', ')}, ?`,
      answer,
      distractors: [near(1), near(-1), near(2), near(-2)],
      explanation: `Alphabet positions: ${shown.map((l) => `${l} = ${positionOf(l)}`).join(', ')}. ${
        growing ? `The gaps are ${steps.slice(0, 3).join(', ')}: each is one more than the last, so the next gap is ${steps[3]}.` : `Each letter is ${steps[0]} places after the one before.`
      } ${positionOf(shown[3] as string)} + ${steps[3]} = ${next}, which is ${answer}.`,
      hi: {
        stem: `दी गई श्रृंखला में अगला अक्षर कौन-सा आएगा: ${shown.join(', ')}, ?`,
        explanation: `वर्णमाला में स्थान: ${shown.map((l) => `${l} = ${positionOf(l)}`).join(', ')}। ${
          growing ? `अंतर ${steps.slice(0, 3).join(', ')} हैं: प्रत्येक अंतर पिछले से एक अधिक है, अतः अगला अंतर ${steps[3]} होगा।` : `प्रत्येक अक्षर पिछले अक्षर से ${steps[0]} स्थान आगे है।`
        } ${positionOf(shown[3] as string)} + ${steps[3]} = ${next}, जो ${answer} है।`,
      },
      category: SSC,
      tags: ['reasoning', 'letter series'],
      difficulty: growing ? 'medium' : 'easy',
    };
  });
}

const HEADINGS = ['North', 'East', 'South', 'West'] as const;
const STEP: Record<(typeof HEADINGS)[number], [number, number]> = { North: [0, 1], East: [1, 0], South: [0, -1], West: [-1, 0] };
const WALKERS: [Person, 'he' | 'she'][] = [
  ['Meena', 'she'],
  ['Ravi', 'he'],
  ['Anita', 'she'],
  ['Suresh', 'he'],
  ['Kavya', 'she'],
  ['Imran', 'he'],
  ['Pooja', 'she'],
  ['Arjun', 'he'],
];

export function directionSense(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    for (;;) {
      const legs = rng.int(2, 3);
      let heading = rng.int(0, 3);
      const first = HEADINGS[heading] as (typeof HEADINGS)[number];
      const moves: { turn?: 'left' | 'right'; km: number }[] = [{ km: rng.int(2, 15) }];
      for (let i = 1; i < legs; i += 1) moves.push({ turn: rng.pick(['left', 'right'] as const), km: rng.int(2, 15) });
      let x = 0;
      let y = 0;
      const path: string[] = [];
      const pathHi: string[] = [];
      for (const m of moves) {
        if (m.turn) heading = (heading + (m.turn === 'right' ? 1 : 3)) % 4;
        const name = HEADINGS[heading] as (typeof HEADINGS)[number];
        const [dx, dy] = STEP[name];
        x += dx * m.km;
        y += dy * m.km;
        path.push(`${m.km} km ${name}`);
        pathHi.push(`${m.km} कि.मी. ${HEADINGS_HI[name]}`);
      }
      const distance = Math.hypot(x, y);
      if (!Number.isInteger(distance) || distance === 0 || x === 0 || y === 0) continue;
      const [who, pronoun] = rng.pick(WALKERS);
      const walked = moves.map((m) => m.km).reduce((a, b) => a + b, 0);
      const turns = moves
        .slice(1)
        .map((m) => `then turns ${m.turn} and walks ${m.km} km`)
        .join(', ');
      const walks = pronoun === 'she' ? 'चलती है' : 'चलता है';
      const turnsHi = moves
        .slice(1)
        .map((m) => `फिर ${END_HI[m.turn!]} मुड़कर ${m.km} कि.मी. ${walks}`)
        .join(', ');
      return {
        family: 'direction-sense',
        title: 'Direction sense',
        stem: `${who} walks ${moves[0]!.km} km towards the ${first}, ${turns}. How far is ${pronoun} from the starting point?`,
        answer: distance,
        distractors: [walked, Math.abs(x) + Math.abs(y), distance + 1, Math.abs(Math.abs(x) - Math.abs(y))],
        format: (n: number) => `${n} km`,
        explanation: `The path is ${path.join(', then ')}. Net movement: ${Math.abs(x)} km ${x > 0 ? 'East' : 'West'} and ${Math.abs(y)} km ${y > 0 ? 'North' : 'South'}. These are at right angles, so the distance is √(${Math.abs(x)}² + ${Math.abs(y)}²) = √${x * x + y * y} = ${distance} km.`,
        hi: {
          stem: `${NAMES_HI[who]} ${HEADINGS_HI[first]} की ओर ${moves[0]!.km} कि.मी. ${walks}, ${turnsHi}। वह आरंभिक बिंदु से कितनी दूर है?`,
          explanation: `मार्ग: ${pathHi.join(', फिर ')}। कुल विस्थापन: ${Math.abs(x)} कि.मी. ${x > 0 ? 'पूर्व' : 'पश्चिम'} और ${Math.abs(y)} कि.मी. ${y > 0 ? 'उत्तर' : 'दक्षिण'}। ये दोनों परस्पर लंबवत हैं, अतः दूरी √(${Math.abs(x)}² + ${Math.abs(y)}²) = √${x * x + y * y} = ${distance} कि.मी. है।`,
          format: (n: number) => `${n} कि.मी.`,
        },
        category: SSC,
        tags: ['reasoning', 'direction sense'],
        difficulty: legs === 2 ? 'easy' : 'medium',
      };
    }
  });
}

export function clockAngles(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    let h = 0;
    let m = 0;
    let angle = 0;
    do {
      h = rng.int(1, 12);
      m = 5 * rng.int(1, 11);
      const raw = Math.abs(30 * (h % 12) - 5.5 * m);
      angle = Math.min(raw, 360 - raw);
    } while (angle === 0);
    const hourHand = 30 * (h % 12) + 0.5 * m;
    const minuteHand = 6 * m;
    const time = `${h}:${String(m).padStart(2, '0')}`;
    return {
      family: 'clock-angle',
      title: 'Clock angle',
      stem: `What is the smaller angle between the hour hand and the minute hand of a clock at ${time}?`,
      answer: angle,
      distractors: [Math.abs(30 * (h % 12) - 6 * m) % 360 || 30, 360 - angle, angle + 15, Math.abs(angle - 30)],
      format: (n: number) => `${n}°`,
      explanation: `The minute hand moves 6° a minute: ${m} × 6 = ${minuteHand}°. The hour hand moves 30° an hour and 0.5° a minute: ${h % 12} × 30 + ${m} × 0.5 = ${hourHand}°. The difference is ${Math.abs(hourHand - minuteHand)}°${
        Math.abs(hourHand - minuteHand) > 180 ? `, and the smaller angle is 360 − ${Math.abs(hourHand - minuteHand)} = ${angle}°` : ''
      }, so the answer is ${angle}°. (Shortcut: |30H − 5.5M|.)`,
      hi: {
        stem: `घड़ी में ${time} बजे घंटे की सुई और मिनट की सुई के बीच का छोटा कोण कितना होगा?`,
        explanation: `मिनट की सुई प्रति मिनट 6° घूमती है: ${m} × 6 = ${minuteHand}°। घंटे की सुई प्रति घंटे 30° और प्रति मिनट 0.5° घूमती है: ${h % 12} × 30 + ${m} × 0.5 = ${hourHand}°। दोनों का अंतर ${Math.abs(hourHand - minuteHand)}° है${
          Math.abs(hourHand - minuteHand) > 180 ? `, और छोटा कोण 360 − ${Math.abs(hourHand - minuteHand)} = ${angle}° है` : ''
        }, अतः उत्तर ${angle}° है। (संक्षिप्त विधि: |30H − 5.5M|)`,
      },
      category: SSC,
      tags: ['reasoning', 'clock'],
      difficulty: 'medium',
    };
  });
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const dateText = (d: Date): string => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const dateTextHi = (d: Date): string => `${d.getUTCDate()} ${MONTHS_HI[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const dayHi = (day: string): string => DAYS_HI[DAYS.indexOf(day as (typeof DAYS)[number])] as string;

export function calendarDays(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const year = rng.int(2001, 2030);
    const start = new Date(Date.UTC(year, rng.int(0, 5), rng.int(1, 28)));
    const gap = rng.int(20, 200);
    const end = new Date(start.getTime() + gap * 86_400_000);
    const startDay = DAYS[start.getUTCDay()] as string;
    const answer = DAYS[end.getUTCDay()] as string;
    const later = (k: number) => DAYS[(end.getUTCDay() + k) % 7] as string;
    const odd = gap % 7;
    return {
      family: 'calendar',
      title: 'Calendar',
      stem: `If ${dateText(start)} falls on a ${startDay}, on which day of the week does ${dateText(end)} fall?`,
      answer,
      distractors: [later(1), later(6), later(2), later(5)],
      explanation: `From ${dateText(start)} to ${dateText(end)} is ${gap} days. ${gap} = 7 × ${Math.floor(gap / 7)} + ${odd}, so the day moves ${odd} ${odd === 1 ? 'place' : 'places'} on from ${startDay}: ${answer}.`,
      hi: {
        stem: `यदि ${dateTextHi(start)} को ${dayHi(startDay)} है, तो ${dateTextHi(end)} को सप्ताह का कौन-सा दिन होगा?`,
        explanation: `${dateTextHi(start)} से ${dateTextHi(end)} तक ${gap} दिन हैं। ${gap} = 7 × ${Math.floor(gap / 7)} + ${odd}, अतः दिन ${dayHi(startDay)} से ${odd} स्थान आगे बढ़ता है: ${dayHi(answer)}।`,
        option: dayHi,
      },
      category: SSC,
      tags: ['reasoning', 'calendar'],
      difficulty: 'hard',
    };
  });
}

const SYMBOLS = ['+', '−', '×', '÷'] as const;
type Op = (typeof SYMBOLS)[number];
const APPLY: Record<Op, (a: number, b: number) => number> = { '+': (a, b) => a + b, '−': (a, b) => a - b, '×': (a, b) => a * b, '÷': (a, b) => a / b };

/** Evaluates `a o1 b o2 c o3 d` with × and ÷ before + and −, left to right; undefined unless every step is a whole number. */
function evaluate(nums: number[], ops: Op[]): number | undefined {
  const values = [...nums];
  const rest = [...ops];
  for (const high of [true, false]) {
    for (let i = 0; i < rest.length; ) {
      const op = rest[i] as Op;
      if ((op === '×' || op === '÷') !== high) {
        i += 1;
        continue;
      }
      const v = APPLY[op](values[i] as number, values[i + 1] as number);
      if (!Number.isInteger(v)) return undefined;
      values.splice(i, 2, v);
      rest.splice(i, 1);
    }
  }
  return values[0];
}

export function symbolOperations(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    for (;;) {
      const meaning = rng.shuffle(SYMBOLS);
      if (meaning.some((m, i) => m === SYMBOLS[i])) continue;
      const written = rng.shuffle(SYMBOLS).slice(0, 3);
      const nums = [rng.int(2, 40), rng.int(2, 12), rng.int(2, 12), rng.int(2, 12)];
      const real = written.map((w) => meaning[SYMBOLS.indexOf(w)] as Op);
      const value = evaluate(nums, real);
      const literal = evaluate(nums, written);
      if (value === undefined || value <= 0 || value === literal) continue;
      const legend = SYMBOLS.map((s, i) => `'${s}' means '${meaning[i]}'`).join(', ');
      const legendHi = SYMBOLS.map((s, i) => `'${s}' का अर्थ '${meaning[i]}'`).join(', ');
      const expression = (ops: readonly string[]) => nums.map((n, i) => (i < ops.length ? `${n} ${ops[i]}` : `${n}`)).join(' ');
      return {
        family: 'symbol-operations',
        title: 'Mathematical operations',
        stem: `If ${legend}, what is the value of ${expression(written)}?`,
        answer: value,
        distractors: [literal ?? value + 3, value + 2, value - 1, value * 2],
        format: String,
        explanation: `Replace each sign by what it means: ${expression(written)} becomes ${expression(real)}. Then × and ÷ first, + and − after, left to right: ${value}.`,
        hi: {
          stem: `यदि ${legendHi} है, तो ${expression(written)} का मान क्या होगा?`,
          explanation: `प्रत्येक चिह्न के स्थान पर उसका अर्थ रखें: ${expression(written)} से ${expression(real)} मिलता है। फिर पहले × और ÷, उसके बाद + और −, बाएँ से दाएँ: ${value}।`,
        },
        category: SSC,
        tags: ['reasoning', 'mathematical operations'],
        difficulty: 'medium',
      };
    }
  });
}

const PUPILS: Person[] = ['Rohan', 'Priya', 'Asha', 'Vikram', 'Neha', 'Kiran', 'Farhan', 'Divya'];

export function rowRanking(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const who = rng.pick(PUPILS);
    if (rng.next() < 0.5) {
      const n = rng.int(20, 60);
      const k = rng.int(3, n - 3);
      const fromLeft = rng.next() < 0.5;
      const [given, asked] = fromLeft ? (['left', 'right'] as const) : (['right', 'left'] as const);
      const answer = n - k + 1;
      return {
        family: 'row-ranking',
        title: 'Position in a row',
        stem: `In a row of ${n} children, ${who} is ${ordinal(k)} from the ${given} end. What is ${who}'s position from the ${asked} end?`,
        answer,
        distractors: [n - k, n - k + 2, k, n - k - 1],
        format: ordinal,
        explanation: `Children to the ${asked} of ${who}'s place and ${who} together: ${n} − ${k} + 1 = ${answer}. (Position from one end + position from the other end = total + 1.)`,
        hi: {
          stem: `${n} बच्चों की एक पंक्ति में ${NAMES_HI[who]} ${END_HI[given]} छोर से ${ordinalHiOblique(k)} स्थान पर है। ${END_HI[asked]} छोर से ${NAMES_HI[who]} का स्थान कौन-सा है?`,
          explanation: `${NAMES_HI[who]} के स्थान से ${SIDE_HI[asked]} ओर के बच्चे और स्वयं ${NAMES_HI[who]}: ${n} − ${k} + 1 = ${answer}। (एक छोर से स्थान + दूसरे छोर से स्थान = कुल संख्या + 1)`,
          format: ordinalHi,
        },
        category: BANKING,
        tags: ['reasoning', 'order and ranking'],
        difficulty: 'easy',
      };
    }
    const front = rng.int(5, 30);
    const back = rng.int(5, 30);
    const total = front + back - 1;
    return {
      family: 'row-ranking',
      title: 'Length of a queue',
      stem: `In a queue, ${who} is ${ordinal(front)} from the front and ${ordinal(back)} from the back. How many people are in the queue?`,
      answer: total,
      distractors: [front + back, total - 1, front + back + 1, Math.abs(front - back) + 1],
      format: String,
      explanation: `Counting from both ends counts ${who} twice: ${front} + ${back} − 1 = ${total} people.`,
      hi: {
        stem: `एक कतार में ${NAMES_HI[who]} आगे से ${ordinalHiOblique(front)} और पीछे से ${ordinalHiOblique(back)} स्थान पर है। कतार में कितने लोग हैं?`,
        explanation: `दोनों छोरों से गिनने पर ${NAMES_HI[who]} की गिनती दो बार होती है: ${front} + ${back} − 1 = ${total} लोग।`,
      },
      category: BANKING,
      tags: ['reasoning', 'order and ranking'],
      difficulty: 'medium',
    };
  });
}

export function alphabetPosition(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const fromLeft = rng.next() < 0.5;
    const k = rng.int(3, 20);
    const start = fromLeft ? k : 27 - k;
    const move = rng.int(2, 9);
    // A move that stays inside the alphabet: either way when both fit.
    const fits = [start + move <= 26, start - move >= 1];
    const toRight = fits[0] && (!fits[1] || rng.next() < 0.5);
    const end = start + (toRight ? move : -move);
    const answer = letterAt(end);
    const other = start + (toRight ? -move : move);
    return {
      family: 'alphabet-position',
      title: 'Alphabet position',
      stem: `In the English alphabet, which letter is ${ordinal(move)} to the ${toRight ? 'right' : 'left'} of the ${ordinal(k)} letter from the ${fromLeft ? 'left' : 'right'}?`,
      answer,
      distractors: [other >= 1 && other <= 26 ? letterAt(other) : letterAt(27 - end), letterAt(end + (end < 26 ? 1 : -2)), letterAt(end + (end > 1 ? -1 : 2)), letterAt(start)],
      explanation: `The ${ordinal(k)} letter from the ${fromLeft ? 'left' : 'right'} is ${letterAt(start)} (position ${start}${fromLeft ? '' : ` = 27 − ${k}`}). ${move} places to the ${toRight ? 'right' : 'left'}: ${start} ${toRight ? '+' : '−'} ${move} = ${end}, which is ${answer}.`,
      hi: {
        stem: `अंग्रेज़ी वर्णमाला में ${END_HI[fromLeft ? 'left' : 'right']} से ${ordinalHiOblique(k)} अक्षर के ${SIDE_HI[toRight ? 'right' : 'left']} ओर ${ordinalHi(move)} अक्षर कौन-सा है?`,
        explanation: `${END_HI[fromLeft ? 'left' : 'right']} से ${ordinalHi(k)} अक्षर ${letterAt(start)} है (स्थान ${start}${fromLeft ? '' : ` = 27 − ${k}`})। ${SIDE_HI[toRight ? 'right' : 'left']} ओर ${move} स्थान: ${start} ${toRight ? '+' : '−'} ${move} = ${end}, जो ${answer} है।`,
      },
      category: BANKING,
      tags: ['reasoning', 'alphabet test'],
      difficulty: fromLeft ? 'easy' : 'medium',
    };
  });
}
