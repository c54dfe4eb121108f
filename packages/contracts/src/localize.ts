import { HI_LABELS, type Gender, type Label } from './messages-hi-labels.js';
import { HI_REQUEST_MESSAGES } from './messages-hi.js';
import { HI_SERVER_MESSAGES } from './messages-hi-server.js';
import { HI_TEMPLATES } from './messages-hi-templates.js';
import type { Language } from './users.js';

/*
 * The messages the server and the web's forms say to a person (refusals, validation messages) are
 * written in English where the code says them; this puts one into the reader's language. Hindi is
 * looked up by the English text: first whole (`messages-hi.ts`: the requests' validation messages,
 * `messages-hi-server.ts`: the server's refusals), then by the templates of messages
 * built from values (`messages-hi-templates.ts`), where each `{name}` stands for a part:
 * - `{label…}`: a field's name (`Title`), put into Hindi from `messages-hi-labels.ts`; the first
 *   label's gender and number choose among the forms of a `{m|f}` or `{m|f|mp|fp}` choice in the
 *   Hindi (masculine, feminine, and their plurals; with two forms a plural takes its gender's);
 * - `{message…}`: a phrase that is itself a message (a reason after a colon), put into Hindi the same way;
 * - `{languages…}`: a language's name or several joined by "and" (`English and Hindi`, a test's
 *   languages), each name put into Hindi from the labels and joined by "और";
 * - `{n}`, `{min}`, `{max}`, `{count}`: a number, kept as it is;
 * - any other name: a value kept as it is (a time, a title an editor wrote).
 * A message found nowhere stays in English, so a new message is never lost, only untranslated
 * (the tooling test `hindi-messages.test.ts` fails on any the code can say).
 */

/** Messages that stay in English word for word, whatever the reader's language. */
export const ENGLISH_ONLY_MESSAGES: ReadonlySet<string> = new Set([
  'Failed to fetch profile',
  'Failed to update profile',
  'Failed to fetch blogs',
  'Failed to fetch users',
  'Location not supported',
  'Location not enabled',
  'Location fetch error',
]);

export type Localized = {
  text: string;
  /** False when no Hindi was found for the message itself (it is returned as it came). */
  translated: boolean;
  /** The parts (labels, phrases) left in English inside a translated message. */
  untranslated: string[];
};

type Part = { name: string; kind: 'label' | 'phrase' | 'languages' | 'number' | 'value' };
type Template = { pattern: RegExp; parts: Part[]; hindi: string };

const HI_MESSAGES: Readonly<Record<string, string>> = { ...HI_REQUEST_MESSAGES, ...HI_SERVER_MESSAGES };

const PLACEHOLDER = /\{(\w+)\}/g;
const GENDERED = /\{([^{}|]*(?:\|[^{}|]*){1,3})\}/g;
const FORM: Record<Gender | 'm', number> = { m: 0, f: 1, mp: 2, fp: 3 };
/** A phrase inside a phrase inside a message is as deep as any message goes. */
const MAX_DEPTH = 4;

const KIND_BY_PREFIX: readonly (readonly [string, Part['kind']])[] = [
  ['label', 'label'],
  ['message', 'phrase'],
  ['languages', 'languages'],
];
const kindOf = (name: string): Part['kind'] =>
  KIND_BY_PREFIX.find(([prefix]) => name.startsWith(prefix))?.[1] ?? (/^(n|min|max|count)\d*$/.test(name) ? 'number' : 'value');
const PART_PATTERN: Record<Part['kind'], string> = { label: '.+?', phrase: '.*?', languages: '.+?', number: '-?\\d+(?:\\.\\d+)?', value: '.+?' };
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(english: string, hindi: string): Template {
  const parts: Part[] = [];
  let source = '';
  let last = 0;
  for (const match of english.matchAll(PLACEHOLDER)) {
    const part = { name: match[1]!, kind: kindOf(match[1]!) };
    parts.push(part);
    source += `${escape(english.slice(last, match.index))}(${PART_PATTERN[part.kind]})`;
    last = match.index + match[0].length;
  }
  source += escape(english.slice(last));
  return { pattern: new RegExp(`^${source}$`, 's'), parts, hindi };
}

let compiled: Template[] | null = null;
const templates = () => (compiled ??= Object.entries(HI_TEMPLATES).map(([english, hindi]) => compile(english, hindi)));

const labelsByLowerCase = new Map(Object.entries(HI_LABELS).map(([english, label]) => [english.toLowerCase(), label] as const));
const labelOf = (english: string): Label | undefined => (Object.hasOwn(HI_LABELS, english) ? HI_LABELS[english] : labelsByLowerCase.get(english.toLowerCase()));

/** The form a choice gives a gender; a plural falls back on its gender's singular when the choice has two forms. */
const formOf = (forms: string[], gender: Gender | 'm'): string => forms[FORM[gender]] ?? forms[FORM[gender] % 2]!;

const hasWords = (text: string) => /[A-Za-z]/.test(text);

/** A label in Hindi with its gender (masculine when it has none), or as it is, noted, when it has no Hindi. */
function hindiLabel(value: string, untranslated: string[]): { text: string; gender: Gender | 'm' } {
  const label = labelOf(value);
  if (label === undefined && hasWords(value)) untranslated.push(value);
  if (label === undefined || typeof label === 'string') return { text: label ?? value, gender: 'm' };
  return { text: label[0], gender: label[1] };
}

/** Language names as a message lists them (`English and Hindi`), each in Hindi, joined as Hindi joins them. */
const languageNamesOf = (value: string, untranslated: string[]): string =>
  value
    .split(' and ')
    .map((name) => hindiLabel(name, untranslated).text)
    .join(' और ');

function hindiOf(message: string, depth: number, untranslated: string[]): string | null {
  if (ENGLISH_ONLY_MESSAGES.has(message)) return message;
  if (Object.hasOwn(HI_MESSAGES, message)) return HI_MESSAGES[message]!;
  if (depth >= MAX_DEPTH) return null;
  for (const template of templates()) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values = new Map<string, string>();
    let gender: Gender | 'm' | undefined;
    template.parts.forEach((part, i) => {
      const value = match[i + 1]!;
      if (part.kind === 'label') {
        const label = hindiLabel(value, untranslated);
        gender ??= label.gender;
        values.set(part.name, label.text);
      } else if (part.kind === 'phrase') {
        const hindi = value === '' ? '' : hindiOf(value, depth + 1, untranslated);
        if (hindi === null && hasWords(value)) untranslated.push(value);
        values.set(part.name, hindi ?? value);
      } else if (part.kind === 'languages') {
        values.set(part.name, languageNamesOf(value, untranslated));
      } else {
        values.set(part.name, value);
      }
    });
    return template.hindi
      .replace(GENDERED, (_, choice: string) => formOf(choice.split('|'), gender ?? 'm'))
      .replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
  }
  return null;
}

/** The message in `language`, with what could not be put into it (the tests read this). */
export function localizeDetailed(message: string, language: Language): Localized {
  if (language === 'en') return { text: message, translated: true, untranslated: [] };
  const untranslated: string[] = [];
  const hindi = hindiOf(message, 0, untranslated);
  return hindi === null ? { text: message, translated: false, untranslated: [] } : { text: hindi, translated: true, untranslated };
}

/** The message in `language`; English when no translation is known. */
export const localizeMessage = (message: string, language: Language): string => localizeDetailed(message, language).text;
