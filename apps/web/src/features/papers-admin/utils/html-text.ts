/** The text of a piece of server-rendered HTML, in one line, cut to `max` characters. */
export function htmlToText(html: string, max = 140): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
