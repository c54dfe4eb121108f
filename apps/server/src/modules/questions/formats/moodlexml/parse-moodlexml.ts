import { readMultilang } from '../multilang.js';
import { decodeText } from '../text.js';
import type { ParsedImage, ParsedOption, ParsedQuestion, ParsedText, Parser, ParseProblem, ParseResult, Position, TextFormat } from '../types.js';
import { QuestionError, categoryPath, isTrue, numberOf, readField, readFiles, readOptionalField, formatOf } from './fields.js';
import { checkSums, matchGrade } from './grades.js';
import { child, childrenNamed, parseXmlTree, textOf, valueOf, type XmlEl } from './xml-tree.js';

/** Abhyas stores 2 to 6 options. */
export const MAX_OPTIONS = 6;

type Outcome = { question: Omit<ParsedQuestion, 'position'> } | { skip: string };

function fraction(answer: XmlEl, element: string): number {
  const raw = answer.attrs.fraction?.trim() ?? '0';
  const value = Number(raw) / 100;
  if (raw === '' || !Number.isFinite(value)) throw new QuestionError(`Grade "${raw}" is not a number.`, element, answer.line);
  return value;
}

/** The parts every question type shares (Moodle's `import_headers`). */
function readHeaders(q: XmlEl) {
  const qtext = child(q, 'questiontext');
  if (!qtext) throw new QuestionError('Missing question text in XML file', 'questiontext', q.line);
  const stemFormat = formatOf(qtext, 'moodle');
  const stem = readField(qtext, 'moodle', 'stem', 'questiontext');
  const images: ParsedImage[] = [...stem.images];
  // Moodle 1.9's `<image>` + `<image_base64>`: a stem file and an <img> appended to the stem.
  const legacyData = valueOf(q, 'image_base64');
  if (legacyData) {
    const legacyName = (valueOf(q, 'image') ?? '').replace(/\//g, '_');
    if (!legacyName) throw new QuestionError('<image_base64> has no <image> file name.', 'image_base64', child(q, 'image_base64')?.line);
    const legacy = readFiles({ name: 'questiontext', attrs: {}, text: '', children: [{ name: 'file', attrs: { name: legacyName }, children: [], text: legacyData }] }, 'stem', 'image_base64');
    if (!images.some((img) => img.name === legacyName)) images.push(...legacy);
    stem.text.text += ` <img src="@@PLUGINFILE@@/${legacyName}" />`;
  }
  if (stem.text.text === '' && images.length === 0) throw new QuestionError('The question text is empty.', 'questiontext', qtext.line);
  const general = readOptionalField(child(q, 'generalfeedback'), stemFormat, 'generalFeedback', 'generalfeedback');
  if (general) images.push(...general.images);
  const tags = childrenNamed(child(q, 'tags'), 'tag')
    .map((t) => textOf(t) ?? '')
    .filter((t) => t !== '');
  const question: Omit<ParsedQuestion, 'position' | 'type' | 'options'> = { stem: stem.text, tags, images };
  const title = textOf(q, 'name');
  if (title) question.title = title;
  if (general) question.generalFeedback = general.text;
  const idNumber = valueOf(q, 'idnumber');
  if (idNumber) question.idNumber = idNumber;
  const defaultMarks = numberOf(q, 'defaultgrade');
  if (defaultMarks !== undefined) question.defaultMarks = defaultMarks;
  const penalty = numberOf(q, 'penalty');
  if (penalty !== undefined) question.penalty = penalty;
  return { question, stemFormat };
}

/** The options of a choice question: blank answers dropped (Moodle drops the form's empty rows), each with its source element. */
function readOptions(q: XmlEl, stemFormat: TextFormat, question: { images: ParsedImage[] }, correctOf: (answer: XmlEl, element: string) => number) {
  const options: ParsedOption[] = [];
  const sources: { answer: XmlEl; element: string }[] = [];
  childrenNamed(q, 'answer').forEach((answer, i) => {
    const element = `answer[${i + 1}]`;
    const n = options.length;
    const text = readField(answer, stemFormat, { option: n }, element);
    if (text.text.text === '' && text.images.length === 0) return;
    const option: ParsedOption = { text: text.text, fraction: correctOf(answer, element) };
    const feedback = readOptionalField(child(answer, 'feedback'), formatOf(answer, stemFormat), { optionFeedback: n }, `${element}/feedback`);
    if (feedback) option.feedback = feedback.text;
    options.push(option);
    sources.push({ answer, element });
    question.images.push(...text.images, ...(feedback?.images ?? []));
  });
  return { options, sources };
}

/** `shuffleanswers` and `answernumbering`, as written. */
function readChoiceSettings(q: XmlEl, result: Omit<ParsedQuestion, 'position'>): void {
  const shuffle = valueOf(q, 'shuffleanswers');
  if (shuffle !== undefined) result.shuffleAnswers = isTrue(shuffle, false);
  const numbering = valueOf(q, 'answernumbering');
  if (numbering) result.answerNumbering = numbering;
}

function readMultichoice(q: XmlEl): Outcome {
  const { question, stemFormat } = readHeaders(q);
  const single = isTrue(valueOf(q, 'single'), true);
  const { options, sources } = readOptions(q, stemFormat, question, fraction);
  if (options.length > MAX_OPTIONS) return { skip: `Abhyas supports 2 to ${MAX_OPTIONS} options; this question has ${options.length}` };
  if (options.length < 2) throw new QuestionError('This type of question requires at least 2 answers', 'answer', q.line);
  const invalid = options.map((o, i) => ({ o, i })).filter(({ o }) => matchGrade(o.fraction) === undefined);
  const firstInvalid = invalid[0] && sources[invalid[0].i];
  if (firstInvalid) {
    const list = invalid.map(({ o }) => String(Number(o.fraction.toFixed(7)))).join(', ');
    throw new QuestionError(`Grades (${list}) do not match grade options - question skipped.`, firstInvalid.element, firstInvalid.answer.line);
  }
  for (const o of options) o.fraction = matchGrade(o.fraction) ?? o.fraction;
  const sums = checkSums(options.map((o) => o.fraction), single);
  if (sums) throw new QuestionError(sums, 'answer', q.line);
  const result: Omit<ParsedQuestion, 'position'> = { ...question, type: single ? 'single' : 'multiple', options };
  readChoiceSettings(q, result);
  return { question: result };
}

/**
 * The All-or-Nothing Multiple Choice plugin's `multichoiceset` (qtype_multichoiceset's
 * import_from_xml): an answer is correct when its grade is above zero, or, in older files, when its
 * `<correctanswer>` says so; grades are not matched against Moodle's list. Full marks go to exactly the
 * correct answers, so it is a multiple-answer question marked all or nothing, its options at 1 (correct)
 * and 0, as the plugin stores them.
 */
function readMultichoiceSet(q: XmlEl): Outcome {
  const { question, stemFormat } = readHeaders(q);
  const correctOf = (answer: XmlEl, element: string): number => {
    const flag = valueOf(answer, 'correctanswer');
    if (flag !== undefined) return isTrue(flag, false) ? 1 : 0;
    return fraction(answer, element) > 0 ? 1 : 0;
  };
  const { options } = readOptions(q, stemFormat, question, correctOf);
  if (options.length > MAX_OPTIONS) return { skip: `Abhyas supports 2 to ${MAX_OPTIONS} options; this question has ${options.length}` };
  if (options.length < 2) throw new QuestionError('This type of question requires at least 2 answers', 'answer', q.line);
  const result: Omit<ParsedQuestion, 'position'> = { ...question, type: 'multiple', marking: 'allOrNothing', options };
  readChoiceSettings(q, result);
  return { question: result };
}

/** Moodle's `import_truefalse`: answers matched on "true"/"false", else taken as true then false. */
function readTrueFalse(q: XmlEl): Outcome {
  const { question, stemFormat } = readHeaders(q);
  const answers = childrenNamed(q, 'answer');
  if (answers.length === 0) throw new QuestionError('A true/false question needs its "true" and "false" answers.', 'answer', q.line);
  let correct: boolean | undefined;
  const feedback: (ParsedText | undefined)[] = [undefined, undefined];
  answers.forEach((answer, i) => {
    const element = `answer[${i + 1}]`;
    const said = textOf(answer);
    const isTrueAnswer = said === 'true' || (said !== 'false' && i === 0);
    const full = fraction(answer, element) === 1;
    correct = isTrueAnswer ? full : !full;
    const slot = isTrueAnswer ? 0 : 1;
    const fb = readOptionalField(child(answer, 'feedback'), stemFormat, { optionFeedback: slot }, `${element}/feedback`);
    if (fb) {
      feedback[slot] = fb.text;
      question.images.push(...fb.images);
    }
  });
  const options: ParsedOption[] = [
    { text: { text: 'True', format: 'plain' }, fraction: correct ? 1 : 0 },
    { text: { text: 'False', format: 'plain' }, fraction: correct ? 0 : 1 },
  ];
  options.forEach((o, i) => {
    const fb = feedback[i];
    if (fb) o.feedback = fb;
  });
  return { question: { ...question, type: 'truefalse', options } };
}

const READERS: Record<string, (q: XmlEl) => Outcome> = { multichoice: readMultichoice, multichoiceset: readMultichoiceSet, truefalse: readTrueFalse };

/**
 * Reads a Moodle XML question file (`<quiz><question type="…">…</quiz>`), as Moodle's qformat_xml does;
 * a question whose texts carry multi-language markup is one question in both languages.
 */
export const parseMoodleXml: Parser = (input) => {
  const result: ParseResult = { format: 'moodlexml', questions: [], skipped: [], errors: [] };
  const { text, problems } = decodeText(input);
  result.errors.push(...problems);
  const tree = parseXmlTree(text);
  if ('error' in tree) {
    result.errors.push(tree.error);
    return result;
  }
  if (tree.root.name !== 'quiz') {
    result.errors.push({ position: { line: tree.root.line ?? 1 }, message: `This is not a Moodle XML question file: the root element is <${tree.root.name}>, not <quiz>.` });
    return result;
  }
  let category: string | undefined;
  let index = 0;
  for (const q of childrenNamed(tree.root, 'question')) {
    const type = q.attrs.type?.trim();
    if (type === 'category') {
      category = categoryPath(textOf(q, 'category') ?? '');
      continue;
    }
    index += 1;
    const position: Position = { index, element: 'question', ...(q.line ? { line: q.line } : {}) };
    if (!type) {
      result.errors.push({ position, message: 'The question has no type attribute.' });
      continue;
    }
    const reader = READERS[type];
    if (!reader) {
      result.skipped.push({ position, type, reason: `Abhyas imports only multiple-choice (multichoice, multichoiceset) and true/false questions; "${type}" questions are not imported.` });
      continue;
    }
    try {
      const outcome = reader(q);
      if ('skip' in outcome) result.skipped.push({ position, type, reason: outcome.skip });
      else result.questions.push(readMultilang({ position, ...outcome.question, ...(category ? { category } : {}) }));
    } catch (e) {
      if (!(e instanceof QuestionError)) throw e;
      const problem: ParseProblem = { position: { ...position, ...(e.element ? { element: e.element } : {}), ...(e.line ? { line: e.line } : {}) }, message: e.message };
      result.errors.push(problem);
    }
  }
  return result;
};
