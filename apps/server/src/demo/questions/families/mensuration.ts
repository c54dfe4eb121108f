/** Mensuration: areas, perimeters and volumes of the usual figures, with π = 22/7 where circles appear. */
import type { Draft, Rng } from './util.js';
import { distinct, inr } from './util.js';

const CATEGORY = 'SSC/Quantitative Aptitude';

export function mensuration(rng: Rng, count: number): Draft[] {
  return distinct(count, () => {
    const kind = rng.pick(['rectangle', 'circle', 'cylinder', 'cube'] as const);
    const base = { family: 'mensuration', category: CATEGORY };
    if (kind === 'rectangle') {
      const l = rng.int(8, 40);
      const b = rng.int(3, l - 1);
      const perimeter = 2 * (l + b);
      return {
        ...base,
        title: 'Rectangle',
        stem: `The perimeter of a rectangle is ${perimeter} cm and its length is ${l} cm. What is its area?`,
        answer: l * b,
        distractors: [l * (perimeter / 2), perimeter * l, l * (perimeter - l), (perimeter / 4) ** 2],
        format: (n: number) => `${inr(n)} cm²`,
        explanation: `Perimeter = 2 × (length + breadth), so breadth = ${perimeter} / 2 − ${l} = ${b} cm. Area = length × breadth = ${l} × ${b} = ${inr(l * b)} cm².`,
        tags: ['mensuration', 'rectangle'],
        difficulty: 'easy',
      };
    }
    if (kind === 'circle') {
      const r = 7 * rng.int(1, 6);
      const area = (22 / 7) * r * r;
      return {
        ...base,
        title: 'Circle',
        stem: `The circumference of a circle is ${(44 / 7) * r} cm. What is its area? (Take π = 22/7.)`,
        answer: area,
        distractors: [(44 / 7) * r, (22 / 7) * (2 * r) ** 2, 2 * area, (22 / 7) * r],
        format: (n: number) => `${inr(n)} cm²`,
        explanation: `Circumference = 2πr, so r = ${(44 / 7) * r} / (2 × 22/7) = ${r} cm. Area = πr² = 22/7 × ${r} × ${r} = ${inr(area)} cm².`,
        tags: ['mensuration', 'circle'],
        difficulty: 'medium',
      };
    }
    if (kind === 'cylinder') {
      const r = 7 * rng.int(1, 3);
      const h = rng.int(2, 20);
      const volume = (22 / 7) * r * r * h;
      return {
        ...base,
        title: 'Cylinder',
        stem: `Find the volume of a cylinder with base radius ${r} cm and height ${h} cm. (Take π = 22/7.)`,
        answer: volume,
        distractors: [2 * (22 / 7) * r * h, (22 / 7) * r * h, volume / 3, (22 / 7) * (2 * r) ** 2 * h],
        format: (n: number) => `${inr(n)} cm³`,
        explanation: `Volume of a cylinder = πr²h = 22/7 × ${r} × ${r} × ${h} = ${inr(volume)} cm³. (One third of this, ${inr(volume / 3)} cm³, would be a cone of the same base and height.)`,
        tags: ['mensuration', 'cylinder'],
        difficulty: 'easy',
      };
    }
    const a = rng.int(3, 15);
    return {
      ...base,
      title: 'Cube',
      stem: `The volume of a cube is ${inr(a ** 3)} cm³. What is its total surface area?`,
      answer: 6 * a * a,
      distractors: [4 * a * a, a * a, 6 * a, 12 * a],
      format: (n: number) => `${inr(n)} cm²`,
      explanation: `Side = cube root of ${inr(a ** 3)} = ${a} cm. Total surface area = 6 × side² = 6 × ${a * a} = ${inr(6 * a * a)} cm².`,
      tags: ['mensuration', 'cube'],
      difficulty: 'medium',
    };
  });
}
