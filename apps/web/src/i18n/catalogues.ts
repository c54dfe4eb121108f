import type { english } from './en';

type English = typeof english;
type Loader<W> = () => Promise<{ default: W }>;
type EnglishWords<C extends Catalogue> = English[C] extends Loader<infer W> ? W : English[C];

/** A catalogue's name: `common`, `admin` or a feature's (`features/<name>`). */
export type Catalogue = keyof English;

/** Every message key: the keys of the English catalogues. */
export type MessageKey = { [C in Catalogue]: keyof EnglishWords<C> }[Catalogue];

/** Catalogue `C`'s words in any language: every English key, each with its message. */
export type Words<C extends Catalogue> = Record<keyof EnglishWords<C>, string>;

/**
 * A language's catalogues, laid out as the English ones (`en/index.ts`): the same names, each in the
 * main bundle or loaded on demand as in English, with the same keys.
 */
export type Catalogues = { [C in Catalogue]: English[C] extends Loader<unknown> ? Loader<Words<C>> : Words<C> };

/**
 * A second language's catalogues (`hi/index.ts`): the same names and keys as English, every one
 * loaded on demand, so a reader of English never downloads them; its files each
 * `satisfies Words<'name'>`.
 */
export type LazyCatalogues = { [C in Catalogue]: Loader<Words<C>> };
