/** Speed, distance and time (including trains crossing poles and platforms), time and work, and pipes and cisterns. */
import type { Draft, Rng } from './util.js';
import { distinct, inr } from './util.js';

const secs = (n: number): string => `${n} seconds`;
const days = (n: number): string => `${n} days`;
const kmph = (n: number): string => `${n} km/h`;
const secsHi = (n: number): string => `${n} सेकंड`;
const daysHi = (n: number): string => `${n} दिन`;
const kmphHi = (n: number): string => `${n} कि.मी./घंटा`;

export function speedDistance(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const kind = rng.pick(['car', 'pole', 'platform', 'platform'] as const);
    const base = { family: 'speed-distance', category: 'Railways/Mathematics' };
    if (kind === 'car') {
      const speed = 5 * rng.int(6, 20);
      const hours = rng.int(2, 8);
      const d = speed * hours;
      return {
        ...base,
        title: 'Speed, distance and time',
        stem: `A car covers ${d} km in ${hours} hours. What is its average speed?`,
        answer: speed,
        distractors: [d * hours, speed + 5, speed - 5, speed + 10],
        format: kmph,
        explanation: `Speed = distance / time = ${d} km / ${hours} h = ${speed} km/h.`,
        hi: {
          stem: `एक कार ${hours} घंटे में ${d} कि.मी. की दूरी तय करती है। उसकी औसत चाल क्या है?`,
          explanation: `चाल = दूरी / समय = ${d} कि.मी. / ${hours} घंटे = ${speed} कि.मी./घंटा।`,
          format: kmphHi,
        },
        tags: ['speed distance time'],
        difficulty: 'easy',
      };
    }
    const kmh = 18 * rng.int(2, 6);
    const ms = (kmh * 5) / 18;
    const t = rng.int(kind === 'pole' ? 6 : 15, kind === 'pole' ? 20 : 45);
    const total = ms * t;
    if (kind === 'pole') {
      return {
        ...base,
        title: 'Train crossing a pole',
        stem: `A train ${total} metres long is running at ${kmh} km/h. How long does it take to cross a pole?`,
        answer: t,
        distractors: [Math.round(total / kmh), t + 2, t - 2, t * 2],
        format: secs,
        explanation: `Speed = ${kmh} × 5/18 = ${ms} m/s. To pass a pole the train covers its own length: time = ${total} / ${ms} = ${t} seconds.`,
        hi: {
          stem: `${total} मीटर लंबी एक रेलगाड़ी ${kmh} कि.मी./घंटा की चाल से चल रही है। एक खंभे को पार करने में उसे कितना समय लगेगा?`,
          explanation: `चाल = ${kmh} × 5/18 = ${ms} मीटर/सेकंड। खंभे को पार करने में रेलगाड़ी अपनी लंबाई के बराबर दूरी तय करती है: समय = ${total} / ${ms} = ${t} सेकंड।`,
          format: secsHi,
        },
        tags: ['trains', 'speed distance time'],
        difficulty: 'medium',
      };
    }
    const train = 10 * rng.int(5, Math.max(6, Math.floor(total / 10) - 3));
    const platform = total - train;
    return {
      ...base,
      title: 'Train crossing a platform',
      stem: `A train ${train} metres long is running at ${kmh} km/h. How long does it take to cross a platform ${platform} metres long?`,
      answer: t,
      distractors: [Math.round(train / ms), Math.round(platform / ms), t + 3, Math.round(total / kmh)],
      format: secs,
      explanation: `Speed = ${kmh} × 5/18 = ${ms} m/s. The train must cover its own length plus the platform: ${train} + ${platform} = ${total} m. Time = ${total} / ${ms} = ${t} seconds.`,
      hi: {
        stem: `${train} मीटर लंबी एक रेलगाड़ी ${kmh} कि.मी./घंटा की चाल से चल रही है। ${platform} मीटर लंबे प्लेटफ़ॉर्म को पार करने में उसे कितना समय लगेगा?`,
        explanation: `चाल = ${kmh} × 5/18 = ${ms} मीटर/सेकंड। रेलगाड़ी को अपनी लंबाई और प्लेटफ़ॉर्म की लंबाई के योग के बराबर दूरी तय करनी होगी: ${train} + ${platform} = ${total} मीटर। समय = ${total} / ${ms} = ${t} सेकंड।`,
        format: secsHi,
      },
      tags: ['trains', 'speed distance time'],
      difficulty: 'medium',
    };
  });
}

/** Pairs (a, b) with a·b/(a + b) a whole number of days. */
const WORK_PAIRS: [number, number][] = [];
for (let a = 3; a <= 60; a += 1) {
  for (let b = a + 1; b <= 60; b += 1) if ((a * b) % (a + b) === 0) WORK_PAIRS.push([a, b]);
}

export function timeAndWork(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const [x, y] = rng.pick(WORK_PAIRS);
    const [a, b] = rng.next() < 0.5 ? [x, y] : [y, x];
    const together = (a * b) / (a + b);
    return {
      family: 'time-work',
      title: 'Time and work',
      stem: `A can finish a piece of work in ${a} days and B can finish it in ${b} days. How many days will they take working together?`,
      answer: together,
      distractors: [(a + b) / 2, Math.abs(a - b), together + 1, together + 2],
      format: days,
      explanation: `In one day A does 1/${a} and B does 1/${b} of the work. Together: 1/${a} + 1/${b} = ${a + b}/${a * b} = 1/${together}. So they finish in ${a} × ${b} / (${a} + ${b}) = ${together} days.`,
      hi: {
        stem: `A किसी काम को ${a} दिन में और B उसी काम को ${b} दिन में पूरा कर सकता है। दोनों मिलकर काम करें, तो काम कितने दिन में पूरा होगा?`,
        explanation: `एक दिन में A काम का 1/${a} भाग और B 1/${b} भाग करता है। दोनों मिलकर: 1/${a} + 1/${b} = ${a + b}/${a * b} = 1/${together}। अतः काम ${a} × ${b} / (${a} + ${b}) = ${together} दिन में पूरा होगा।`,
        format: daysHi,
      },
      category: 'SSC/Quantitative Aptitude',
      tags: ['time and work'],
      difficulty: 'medium',
    };
  });
}

/** Whole hours, or the slip's fraction to two places. */
const hours = (n: number): string => `${inr(n)} hours`;
const hoursHi = (n: number): string => `${inr(n)} घंटे`;

/** Two filling pipes and a leak: (a, b, c) with 1/a + 1/b − 1/c = 1/t for a whole t, and the leak slower than either pipe. */
const CISTERNS: [number, number, number, number][] = [];
for (let a = 2; a <= 30; a += 1) {
  for (let b = a + 1; b <= 30; b += 1) {
    for (let c = b + 1; c <= 60; c += 1) {
      const rate = 1 / a + 1 / b - 1 / c;
      const t = Math.round(1 / rate);
      if (Math.abs(t * (b * c + a * c - a * b) - a * b * c) === 0) CISTERNS.push([a, b, c, t]);
    }
  }
}

export function pipesAndCistern(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const [a, b, c, t] = rng.pick(CISTERNS);
    const lcm = (x: number, y: number): number => {
      let m = Math.max(x, y);
      while (m % x !== 0 || m % y !== 0) m += Math.max(x, y);
      return m;
    };
    const whole = lcm(lcm(a, b), c);
    const net = whole / a + whole / b - whole / c;
    return {
      family: 'pipes-cistern',
      title: 'Pipes and cistern',
      stem: `Pipe A can fill a tank in ${a} hours and pipe B can fill it in ${b} hours. A leak at the bottom can empty the full tank in ${c} hours. If both pipes are opened together with the leak, how long will it take to fill the empty tank?`,
      answer: t,
      distractors: [(a * b) / (a + b), Math.round((a + b + c) / 3), t + 2, t - 1],
      format: hours,
      explanation: `Take the tank as ${whole} units (the LCM of ${a}, ${b} and ${c}). A fills ${whole / a} units an hour, B fills ${whole / b} and the leak empties ${whole / c}. Together: ${whole / a} + ${whole / b} − ${whole / c} = ${net} units an hour, so the tank fills in ${whole} / ${net} = ${t} hours.`,
      hi: {
        stem: `पाइप A एक टंकी को ${a} घंटे में और पाइप B उसे ${b} घंटे में भर सकता है। टंकी की तली में एक रिसाव भरी हुई टंकी को ${c} घंटे में खाली कर सकता है। यदि रिसाव के रहते दोनों पाइप एक साथ खोल दिए जाएँ, तो खाली टंकी कितने समय में भरेगी?`,
        explanation: `टंकी की क्षमता ${whole} इकाई मानें (${a}, ${b} और ${c} का ल.स.प.)। A प्रति घंटे ${whole / a} इकाई भरता है, B ${whole / b} इकाई भरता है और रिसाव ${whole / c} इकाई खाली करता है। एक साथ: ${whole / a} + ${whole / b} − ${whole / c} = ${net} इकाई प्रति घंटा, अतः टंकी ${whole} / ${net} = ${t} घंटे में भरेगी।`,
        format: hoursHi,
      },
      category: 'SSC/Quantitative Aptitude',
      tags: ['pipes and cistern', 'time and work'],
      difficulty: 'hard',
    };
  });
}
