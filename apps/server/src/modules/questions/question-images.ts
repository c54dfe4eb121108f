import { MEDIA_FILE_SOURCE, MEDIA_URL_PREFIX } from '@abhyas/contracts';
import { inspectImage, type Image } from '../../lib/images.js';
import { sameField, type ParsedImage, type ParsedQuestion, type ParsedText } from './formats/types.js';

type Field = ParsedImage['field'];

const PLUGINFILE = '@@PLUGINFILE@@/';
const REFERENCE = /@@PLUGINFILE@@\/([^"'\s<>)]+)/g;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function fieldName(field: Field): string {
  if (field === 'stem') return 'the question text';
  if (field === 'generalFeedback') return 'the general feedback';
  if ('option' in field) return `answer ${field.option + 1}`;
  return `the feedback of answer ${field.optionFeedback + 1}`;
}

function decoded(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

type Texts = { stem: ParsedText; generalFeedback?: ParsedText; options: { text: ParsedText; feedback?: ParsedText }[] };

/**
 * Every text of a question with the field its files are scoped to; a translation's texts share their
 * field's scope (in Moodle both languages are one text).
 */
function fieldsOf(q: ParsedQuestion): { field: Field; text: ParsedText; set: (t: ParsedText) => void }[] {
  const fields: { field: Field; text: ParsedText; set: (t: ParsedText) => void }[] = [];
  const all: Texts[] = q.translation ? [q, q.translation] : [q];
  for (const texts of all) {
    fields.push({ field: 'stem', text: texts.stem, set: (t) => (texts.stem = t) });
    if (texts.generalFeedback) fields.push({ field: 'generalFeedback', text: texts.generalFeedback, set: (t) => (texts.generalFeedback = t) });
    texts.options.forEach((o, i) => {
      fields.push({ field: { option: i }, text: o.text, set: (t) => (o.text = t) });
      if (o.feedback) fields.push({ field: { optionFeedback: i }, text: o.feedback, set: (t) => (o.feedback = t) });
    });
  }
  return fields;
}

/** A copy of a question whose texts can be set without touching the original's. */
const copied = (q: ParsedQuestion): ParsedQuestion => ({
  ...q,
  options: q.options.map((o) => ({ ...o })),
  images: [...q.images],
  ...(q.translation ? { translation: { ...q.translation, options: q.translation.options.map((o) => ({ ...o })) } } : {}),
});

/**
 * Points a question's `@@PLUGINFILE@@/name` references at the images Abhyas will store for them
 * (Moodle scopes a file to the field it came with). The addresses derive from the bytes, so they are
 * known before anything is stored: a dry run shows the same text, and the content hash is stable.
 * An image that is not a stored type or is too large, or a reference to a file the question does
 * not carry, is reported and left out of the text rather than shown broken.
 */
export function resolveQuestionImages(q: ParsedQuestion, maxBytes: number): { question: ParsedQuestion; images: Image[]; problems: string[] } {
  if (q.images.length === 0 && !fieldsOf(q).some((f) => f.text.text.includes(PLUGINFILE))) return { question: q, images: [], problems: [] };
  const question = copied(q);
  const images = new Map<string, Image>();
  const problems: string[] = [];
  for (const { field, text, set } of fieldsOf(question)) {
    if (!text.text.includes(PLUGINFILE)) continue;
    const names = new Set([...text.text.matchAll(REFERENCE)].map((m) => m[1]!));
    let out = text.text;
    for (const name of names) {
      const file = q.images.find((img) => sameField(img.field, field) && (img.name === name || img.name === decoded(name)));
      let url: string | null = null;
      if (!file) {
        problems.push(`${fieldName(field)} shows "${decoded(name)}", which the file does not contain; it is left out`);
      } else {
        const check = inspectImage(file.data, maxBytes);
        if (check.ok) {
          images.set(check.image.key, check.image);
          url = check.image.url;
        } else {
          problems.push(`Image "${decoded(name)}" in ${fieldName(field)}: ${check.message}; it is left out`);
        }
      }
      const ref = escapeRegExp(PLUGINFILE + name);
      out = url ? out.replace(new RegExp(ref, 'g'), url) : out.replace(new RegExp(`<img\\b[^>]*${ref}[^>]*>`, 'gi'), '').replace(new RegExp(ref, 'g'), '');
    }
    set({ ...text, text: out });
  }
  return { question, images: [...images.values()], problems: [...new Set(problems)] };
}

const MEDIA_REFERENCE = new RegExp(`${escapeRegExp(MEDIA_URL_PREFIX)}${MEDIA_FILE_SOURCE}`, 'g');

/** The stored images a question's texts show, by key. */
export function mediaKeysIn(q: ParsedQuestion): string[] {
  return [...new Set(fieldsOf(q).flatMap(({ text }) => [...text.text.matchAll(MEDIA_REFERENCE)].map((m) => m[1]!)))];
}

/**
 * The reverse, for Moodle XML export: stored images a question shows become files inside the field
 * that shows them, referenced as `@@PLUGINFILE@@/<key>.<ext>`, as Moodle writes its own exports.
 */
export function embedQuestionImages(q: ParsedQuestion, stored: Map<string, { data: Buffer }>): ParsedQuestion {
  const question = copied(q);
  for (const { field, text, set } of fieldsOf(question)) {
    const out = text.text.replace(MEDIA_REFERENCE, (whole, key: string, extension: string) => {
      const image = stored.get(key);
      if (!image) return whole;
      const name = `${key}.${extension}`;
      if (!question.images.some((img) => img.name === name && sameField(img.field, field))) question.images.push({ name, field, data: image.data });
      return PLUGINFILE + name;
    });
    if (out !== text.text) set({ ...text, text: out });
  }
  return question;
}
