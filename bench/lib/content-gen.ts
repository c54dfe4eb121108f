import { DIFFICULTIES, TOPIC_CATEGORIES } from '@abhyas/contracts';

/**
 * Deterministic generator of realistic blog and topic inputs for the content scenarios: varied titles,
 * 300–900 words of Markdown each (headings, lists, a table, some `$…$` math), 2–4 tags from a pool of 30.
 * The same seed always yields the same items, so every run measures the same data.
 */

/** mulberry32: a small, fast, seedable PRNG; plenty for test data. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** n distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

export const CATEGORIES = TOPIC_CATEGORIES;

/** The tag pool. Each item carries 2–4, so a given tag lands on roughly one item in ten. */
export const TAG_POOL = [
  'revision', 'formulas', 'shortcuts', 'mnemonics', 'practice-set', 'mock-tests', 'time-management', 'concepts',
  'previous-year', 'diagrams', 'numericals', 'theory', 'current-affairs', 'beginners', 'exam-strategy',
  'problem-solving', 'notes', 'case-study', 'flashcards', 'algebra', 'geometry', 'statistics', 'grammar',
  'vocabulary', 'reasoning', 'data-interpretation', 'history', 'polity', 'coding', 'career',
] as const;

const SUBJECTS: Record<(typeof CATEGORIES)[number], readonly string[]> = {
  SSC: ['Ratio and Proportion', 'Simple and Compound Interest', 'Time and Work', 'Averages', 'Profit and Loss', 'Coding-Decoding', 'Mensuration', 'Idioms and Phrases', 'Syllogisms', 'Mixtures and Alligation', 'Static GK: Classical Dances', 'One-Word Substitution'],
  Banking: ['Seating Arrangement', 'Floor Puzzles', 'Reading Comprehension', 'RBI and Its Functions', 'Quadratic Equations', 'Approximation', 'Cloze Test', 'Inequalities', 'Monetary Policy Tools', 'Caselets', 'Blood Relations', 'Bar Graph Data Interpretation'],
  UPSC: ['Parliamentary Committees', 'Mughal Administration', 'Buddhism and Jainism', 'The Five-Year Plans', 'Biodiversity Hotspots', 'Cooperative Federalism', 'Ethics Case Studies', 'Measuring Inflation', 'Plate Tectonics', 'Land Reforms After Independence', 'Emergency Provisions', 'Ocean Currents'],
  Railways: ['Reflection and Refraction of Light', 'Simplification', 'Clocks and Calendars', 'History of Indian Railways', 'Human Body Systems', 'Analogies', 'Speed, Distance and Time', 'HCF and LCM', 'Electricity Basics', 'Directions and Distances', 'Acids, Bases and Salts', 'Number Systems'],
  JEE: ['Rotational Motion', 'Electrostatics', 'Thermodynamics', 'Chemical Equilibrium', 'Organic Reaction Mechanisms', 'Complex Numbers', 'Definite Integrals', 'Matrices and Determinants', 'Probability', 'Conic Sections', 'Wave Optics', 'Binomial Theorem'],
  NEET: ['Human Circulation', 'Genetics and Inheritance', 'The Plant Kingdom', 'Ecosystems and Energy Flow', 'Biomolecules', 'Chemical Bonding', 'Photosynthesis', 'Human Reproduction', 'Evolution', 'Current Electricity', 'Enzymes', 'Neural Control and Coordination'],
  'Artificial Intelligence': ['Linear Regression', 'Decision Trees', 'Neural Network Basics', 'Overfitting and Regularisation', 'Word Embeddings', 'Transformers', 'Evaluation Metrics', 'Prompt Design', 'Clustering with k-means', 'Feature Scaling', 'Bias and Fairness', 'Backpropagation'],
  'Digital Marketing': ['SEO Fundamentals', 'Keyword Research', 'Email Campaigns', 'Content Calendars', 'Conversion Funnels', 'Social Media Analytics', 'A/B Testing', 'Landing Pages', 'Attribution Models', 'Influencer Partnerships', 'Search Ads Bidding', 'Brand Voice'],
  'Web Development': ['CSS Grid', 'JavaScript Promises', 'REST API Design', 'Accessibility Basics', 'Git Branching', 'SQL Joins', 'Caching Strategies', 'Responsive Images', 'Forms and Validation', 'TypeScript Generics', 'Web Security Headers', 'Event Loop'],
  'Graphic Design': ['Typography Pairing', 'Grid Systems', 'Visual Hierarchy', 'The Logo Design Process', 'Composition Rules', 'Vector vs Raster', 'Print Preparation', 'Iconography', 'Colour Psychology', 'Brand Style Guides', 'Photo Retouching', 'Layout for Mobile'],
};

const ANGLES = [
  'A Beginner’s Guide', 'Key Concepts', 'Worked Examples', 'Common Mistakes', 'Shortcuts and Tricks', 'Revision Notes',
  'Practice Questions Explained', 'Step by Step', 'in 20 Minutes', 'An Exam-Day Checklist', 'A Deep Dive', 'Quick Reference',
] as const;

const OPENERS = [
  'Most candidates meet {subject} early and then never revisit it properly.',
  '{subject} looks simple on paper, yet it costs marks in almost every {exam} paper.',
  'This note collects what you need to answer {subject} questions quickly and accurately.',
  'Questions on {subject} follow a handful of patterns, and once you see them the topic becomes routine.',
  'Examiners like {subject} because it separates careful readers from hasty ones.',
  'If you have only an evening for {subject}, spend it on the ideas below.',
];

const SENTENCES = [
  'Start with the definition and say it in your own words before you touch a single question.',
  'Write the result down once by hand; the act of writing fixes it better than reading it five times.',
  'A timed set of ten questions tells you more than an hour of passive reading.',
  'Keep an error log and note why each mistake happened, not just the correct answer.',
  'Revisit the topic after three days, then after a week, then after a month.',
  'When two options look right, go back to the exact wording of the question.',
  'Estimate the answer first so you can reject options that are clearly out of range.',
  'Past papers show that {subject} appears in some form almost every year.',
  'Toppers rarely know more tricks; they simply make fewer careless slips.',
  'Learn the standard cases first and treat the exotic ones as a bonus.',
  'Do not memorise what you can derive in ten seconds.',
  'Explaining the idea to a friend is the quickest test of whether you understand it.',
  'Check the units at every step; a wrong unit is the most common silent error.',
  'Mixed practice, where {subject} sits among other topics, is closer to the real exam.',
  'Read the solution only after an honest attempt, even a wrong one.',
  'Speed comes from recognising the question type, not from calculating faster.',
  'A one-page summary you made yourself beats any printed booklet.',
  'Attempt the easy questions first and mark the long ones for a second pass.',
  'The same idea is often tested in reverse, so practise going both ways.',
  'Sleep and short breaks do more for retention than an extra late-night hour.',
  'Compare your approach with a model solution and look for steps you could skip.',
  'Negative marking rewards restraint: leave a question if you cannot narrow it to two options.',
  'Group similar questions together and solve them in one sitting to see the pattern.',
  'A small table of values often reveals the rule faster than algebra.',
  'Highlight the one line in each solution that carries the key insight.',
  'Practise under a timer from the second week onwards.',
  'The {exam} syllabus changes slowly, so older material is still useful for {subject}.',
  'Write the given data neatly before starting; messy working invites mistakes.',
  'If a method feels long, there is usually a shorter one worth learning.',
  'Track your accuracy per topic so that revision goes where it pays most.',
];

const BULLETS = [
  'Know the standard definitions word for word',
  'Recognise the three or four question patterns',
  'Keep the key results on one page',
  'Estimate before you calculate',
  'Check units and signs at the end',
  'Practise in timed sets of ten',
  'Review every wrong answer within a day',
  'Link the topic to related chapters',
  'Watch for traps in the wording of options',
  'Use past papers to gauge the level',
  'Draw a quick sketch when the question allows it',
  'Avoid rounding too early in long calculations',
];

const MISTAKES = [
  'Confusing the original value with the new one',
  'Skipping the units in the final answer',
  'Reading "not" out of the question',
  'Rounding off in the middle of a calculation',
  'Applying a shortcut outside the cases it covers',
  'Spending five minutes on a question worth one mark',
  'Forgetting a special case such as zero or equality',
  'Mixing up similar-sounding terms',
  'Trusting the first option that looks right',
];

const MATH = [
  '$x^2 - 5x + 6 = 0$ gives $x = 2$ or $x = 3$',
  '$a^2 - b^2 = (a - b)(a + b)$',
  '$v = u + at$ and $s = ut + \\frac{1}{2}at^2$',
  '$\\text{SI} = \\frac{P \\times R \\times T}{100}$',
  '$A = P\\left(1 + \\frac{r}{100}\\right)^n$',
  '$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$',
  '$P(A \\cup B) = P(A) + P(B) - P(A \\cap B)$',
  '$\\theta_{t+1} = \\theta_t - \\eta \\nabla J(\\theta_t)$',
  '$\\text{CTR} = \\frac{\\text{clicks}}{\\text{impressions}} \\times 100$',
  '$E = mc^2$',
  '$F = \\frac{k q_1 q_2}{r^2}$',
  '$\\text{speed} = \\frac{\\text{distance}}{\\text{time}}$',
];

const DISPLAY_MATH = [
  '$$\n\\int_0^1 x^2 \\, dx = \\frac{1}{3}\n$$',
  '$$\n\\text{Percentage change} = \\frac{\\text{New} - \\text{Old}}{\\text{Old}} \\times 100\n$$',
  '$$\n\\sigma = \\sqrt{\\frac{1}{n}\\sum_{i=1}^{n}(x_i - \\bar{x})^2}\n$$',
];

const TABLE_TERMS = ['Definition', 'Standard result', 'Typical question', 'Time to solve', 'Common trap', 'Weightage', 'Difficulty', 'Best resource'];
const TABLE_NOTES = ['Learn by heart', 'Derive once', 'Two to three per paper', 'Under a minute', 'Read the options first', 'High', 'Medium', 'Low', 'Practice sets', 'NCERT first', 'Past papers'];

const BLOG_TITLES = [
  'How I Finally Got Comfortable with {subject}',
  '{n} Lessons from {exam} Toppers',
  'Why {subject} Trips Up So Many Candidates',
  'A {n}-Week Study Plan for {exam} Aspirants',
  'What a Mock Test Taught Me About {subject}',
  'Preparing for {exam} While Working Full Time',
  'The Case for Slow, Deliberate Practice in {subject}',
  '{n} Habits That Make Revision Stick',
  'From Zero to Confident: {subject} for {exam}',
  'Reading the {exam} Syllabus Like an Examiner',
] as const;

const BLOG_HEADINGS = ['Why this matters', 'What the toppers do differently', 'A weekly routine', 'Tools that help', 'What to avoid', 'The numbers', 'Putting it together', 'Where to start'];
const BLOG_EXCERPTS = [
  'A practical look at {subject} for {exam}, with a plan you can start this week.',
  'What actually moves the score in {subject}, and what is just noise.',
  'Notes from years of teaching {subject} to {exam} candidates.',
];

export type BlogInput = { title: string; content: string; excerpt?: string; tags: string[]; coverImageUrl?: string };
export type TopicInput = {
  title: string;
  content: string;
  summary?: string;
  category: string;
  difficulty: (typeof DIFFICULTIES)[number];
  tags: string[];
  order: number;
};

type Fill = { subject: string; exam: string; n: number };

const fill = (template: string, f: Fill) =>
  template.replace(/\{subject\}/g, f.subject).replace(/\{exam\}/g, f.exam).replace(/\{n\}/g, String(f.n));

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

function paragraph(rng: Rng, f: Fill, sentences: number): string {
  return rng.sample(SENTENCES, sentences).map((s) => fill(s, f)).join(' ');
}

function table(rng: Rng): string {
  const rows = rng.sample(TABLE_TERMS, rng.int(3, 6));
  return ['| Item | What to know | Note |', '|---|---|---:|', ...rows.map((r) => `| ${r} | ${rng.pick(BULLETS)} | ${rng.pick(TABLE_NOTES)} |`)].join('\n');
}

function filedUnder(tags: string[]): string {
  const list = tags.map((t) => `*${t}*`);
  const last = list.pop();
  return `Filed under ${list.length ? `${list.join(', ')} and ${last}` : last}.`;
}

/** Adds paragraphs before the closing section until the body reaches the target word count. */
function padTo(sections: string[], closing: string, target: number, rng: Rng, f: Fill): string {
  const out = [...sections];
  while (words(out.join('\n\n')) + words(closing) < target) out.push(paragraph(rng, f, rng.int(3, 6)));
  return `${out.join('\n\n')}\n\n${closing}\n`;
}

function topicBody(rng: Rng, f: Fill, tags: string[]): string {
  const sections = [
    '## Overview',
    `${fill(rng.pick(OPENERS), f)} ${paragraph(rng, f, rng.int(2, 4))}`,
    '## Key ideas',
    rng.sample(BULLETS, rng.int(4, 7)).map((b) => `- ${b}`).join('\n'),
    '## A worked example',
    `Take the standard form ${rng.pick(MATH)}. ${paragraph(rng, f, 2)} A second case uses ${rng.pick(MATH)}.`,
    ...(rng.chance(0.4) ? [rng.pick(DISPLAY_MATH)] : []),
    '## Quick reference',
    table(rng),
    '## Common mistakes',
    rng.sample(MISTAKES, rng.int(3, 5)).map((m, i) => `${i + 1}. ${m}.`).join('\n'),
    '## Practice plan',
    paragraph(rng, f, rng.int(3, 5)),
  ];
  return padTo(sections, `---\n\n${filedUnder(tags)}`, rng.int(300, 900), rng, f);
}

function blogBody(rng: Rng, f: Fill, tags: string[]): string {
  const headings = rng.sample(BLOG_HEADINGS, 4);
  const sections = [
    `${fill(rng.pick(OPENERS), f)} ${paragraph(rng, f, rng.int(3, 5))}`,
    `## ${headings[0]}`,
    paragraph(rng, f, rng.int(3, 6)),
    `## ${headings[1]}`,
    rng.sample(BULLETS, rng.int(3, 6)).map((b) => `- ${b}`).join('\n'),
    `## ${headings[2]}`,
    ['| Week | Focus | Hours |', '|---|---|---:|', ...Array.from({ length: rng.int(3, 5) }, (_, i) => `| ${i + 1} | ${rng.pick(BULLETS)} | ${rng.int(6, 20)} |`)].join('\n'),
    `A handy check while you study: ${rng.pick(MATH)}. ${paragraph(rng, f, 2)}`,
    `## ${headings[3]}`,
    paragraph(rng, f, rng.int(3, 5)),
  ];
  return padTo(sections, filedUnder(tags), rng.int(300, 900), rng, f);
}

/** Picks a title not yet used, from the given generator. */
function uniqueTitle(used: Set<string>, make: () => string): string {
  for (let i = 0; i < 1000; i++) {
    const title = make();
    if (!used.has(title)) {
      used.add(title);
      return title;
    }
  }
  throw new Error('ran out of distinct titles');
}

export function generateTopics(count: number, seed = 0x70b1c5): TopicInput[] {
  const rng = new Rng(seed);
  const used = new Set<string>();
  return Array.from({ length: count }, () => {
    const category = rng.pick(CATEGORIES);
    const f: Fill = { subject: '', exam: category, n: rng.int(3, 12) };
    const title = uniqueTitle(used, () => {
      f.subject = rng.pick(SUBJECTS[category]);
      const angle = rng.pick(ANGLES);
      return angle.startsWith('in ') ? `${f.subject} ${angle}` : rng.chance(0.5) ? `${f.subject}: ${angle}` : `${angle}: ${f.subject}`;
    });
    const tags = rng.sample(TAG_POOL, rng.int(2, 4));
    const content = topicBody(rng, f, tags);
    return {
      title,
      content,
      ...(rng.chance(0.6) ? { summary: `${fill(rng.pick(OPENERS), f)} ${fill(rng.pick(SENTENCES), f)}` } : {}),
      category,
      difficulty: rng.pick(DIFFICULTIES),
      tags,
      order: rng.int(1, 60) * 10,
    };
  });
}

export function generateBlogs(count: number, seed = 0xb10c5): BlogInput[] {
  const rng = new Rng(seed);
  const used = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    const category = rng.pick(CATEGORIES);
    const f: Fill = { subject: '', exam: category, n: rng.int(3, 12) };
    const title = uniqueTitle(used, () => {
      f.subject = rng.pick(SUBJECTS[category]);
      f.n = rng.int(3, 12);
      return fill(rng.pick(BLOG_TITLES), f);
    });
    const tags = rng.sample(TAG_POOL, rng.int(2, 4));
    const content = blogBody(rng, f, tags);
    return {
      title,
      content,
      ...(rng.chance(0.5) ? { excerpt: fill(rng.pick(BLOG_EXCERPTS), f) } : {}),
      tags,
      ...(rng.chance(0.4) ? { coverImageUrl: `https://images.abhyas.example/covers/bench-${String(i + 1).padStart(3, '0')}.webp` } : {}),
    };
  });
}
