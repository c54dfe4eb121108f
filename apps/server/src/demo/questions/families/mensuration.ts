/** Mensuration: areas, perimeters and volumes of the usual figures, with π = 22/7 where circles appear. */
import type { Draft, Rng } from './util.js';
import { distinct, inr } from './util.js';

const CATEGORY = 'SSC/Quantitative Aptitude';
const squareCm = { format: (n: number) => `${inr(n)} cm²`, hiFormat: (n: number) => `${inr(n)} सेमी²` };
const cubicCm = { format: (n: number) => `${inr(n)} cm³`, hiFormat: (n: number) => `${inr(n)} सेमी³` };

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
        format: squareCm.format,
        explanation: `Perimeter = 2 × (length + breadth), so breadth = ${perimeter} / 2 − ${l} = ${b} cm. Area = length × breadth = ${l} × ${b} = ${inr(l * b)} cm².`,
        hi: {
          stem: `एक आयत का परिमाप ${perimeter} सेमी है और उसकी लंबाई ${l} सेमी है। उसका क्षेत्रफल क्या है?`,
          explanation: `परिमाप = 2 × (लंबाई + चौड़ाई), अतः चौड़ाई = ${perimeter} / 2 − ${l} = ${b} सेमी। क्षेत्रफल = लंबाई × चौड़ाई = ${l} × ${b} = ${inr(l * b)} सेमी²।`,
          format: squareCm.hiFormat,
        },
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
        format: squareCm.format,
        explanation: `Circumference = 2πr, so r = ${(44 / 7) * r} / (2 × 22/7) = ${r} cm. Area = πr² = 22/7 × ${r} × ${r} = ${inr(area)} cm².`,
        hi: {
          stem: `एक वृत्त की परिधि ${(44 / 7) * r} सेमी है। उसका क्षेत्रफल क्या है? (π = 22/7 लें।)`,
          explanation: `परिधि = 2πr, अतः r = ${(44 / 7) * r} / (2 × 22/7) = ${r} सेमी। क्षेत्रफल = πr² = 22/7 × ${r} × ${r} = ${inr(area)} सेमी²।`,
          format: squareCm.hiFormat,
        },
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
        format: cubicCm.format,
        explanation: `Volume of a cylinder = πr²h = 22/7 × ${r} × ${r} × ${h} = ${inr(volume)} cm³. (One third of this, ${inr(volume / 3)} cm³, would be a cone of the same base and height.)`,
        hi: {
          stem: `उस बेलन का आयतन ज्ञात करें जिसके आधार की त्रिज्या ${r} सेमी और ऊँचाई ${h} सेमी है। (π = 22/7 लें।)`,
          explanation: `बेलन का आयतन = πr²h = 22/7 × ${r} × ${r} × ${h} = ${inr(volume)} सेमी³। (इसका एक-तिहाई, ${inr(volume / 3)} सेमी³, समान आधार और ऊँचाई वाले शंकु का आयतन होता।)`,
          format: cubicCm.hiFormat,
        },
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
      format: squareCm.format,
      explanation: `Side = cube root of ${inr(a ** 3)} = ${a} cm. Total surface area = 6 × side² = 6 × ${a * a} = ${inr(6 * a * a)} cm².`,
      hi: {
        stem: `एक घन का आयतन ${inr(a ** 3)} सेमी³ है। उसका संपूर्ण पृष्ठीय क्षेत्रफल क्या है?`,
        explanation: `भुजा = ${inr(a ** 3)} का घनमूल = ${a} सेमी। संपूर्ण पृष्ठीय क्षेत्रफल = 6 × भुजा² = 6 × ${a * a} = ${inr(6 * a * a)} सेमी²।`,
        format: squareCm.hiFormat,
      },
      tags: ['mensuration', 'cube'],
      difficulty: 'medium',
    };
  });
}
