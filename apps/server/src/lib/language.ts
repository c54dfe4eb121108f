import type { Language } from '@abhyas/contracts';

/** A quality value as HTTP writes it: 0 to 1, at most three decimals. */
const QUALITY = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

type Range = { language: string; q: number; order: number };

function ranges(header: string): Range[] {
  const out: Range[] = [];
  header.split(',').forEach((part, order) => {
    const [tag, ...params] = part.split(';').map((p) => p.trim());
    if (!tag || !/^(?:\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((p) => p.trim());
      if (name?.toLowerCase() !== 'q') continue;
      if (!value || !QUALITY.test(value)) return;
      q = Number(value);
    }
    out.push({ language: tag.split('-')[0]!.toLowerCase(), q, order });
  });
  return out;
}

/** How much the header wants `language`: its own range's best weight, else the wildcard's, else none. */
function preference(all: Range[], language: string): Range | undefined {
  const own = all.filter((r) => r.language === language);
  const pool = own.length > 0 ? own : all.filter((r) => r.language === '*');
  return pool.reduce<Range | undefined>((best, r) => (!best || r.q > best.q ? r : best), undefined);
}

/**
 * The language a request is answered in, from its `Accept-Language` (docs/PRODUCT.md §7): Hindi when
 * the header prefers `hi` (or a regional `hi-IN`) to English, by weight and then by order; English
 * otherwise, a header missing, malformed or naming only other languages included.
 */
export function requestLanguage(header: string | string[] | undefined): Language {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text || text.length > 1024) return 'en';
  const all = ranges(text);
  const hi = preference(all, 'hi');
  if (!hi || hi.q <= 0) return 'en';
  const en = preference(all, 'en');
  if (!en || en.q < hi.q) return 'hi';
  return en.q === hi.q && hi.order < en.order ? 'hi' : 'en';
}
