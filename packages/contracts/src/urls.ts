/**
 * Addresses editors set (cover images, ad images and links) that pages put in `src` and `href`.
 * Browsers read `//host` and `/\host` alike as another host, turn every `\` into `/` and drop tabs
 * and line breaks inside an address, so a site path admits none of them.
 */

// The WHATWG URL parser, present in browsers and Node alike; this package compiles against neither's type library.
declare const URL: new (input: string) => { protocol: string; hostname: string; username: string; password: string };

/** A control character (C0, DEL, C1), a space or a backslash anywhere in the value. */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c <= 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x5c) return true;
  }
  return false;
}

/** A path on this site: one `/`, then anything but a second `/`, with no backslash, space or control character. */
export function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !hasUnsafeCharacter(value);
}

/** An absolute `https:` address naming a host, with no credentials, backslash, space or control character. */
export function isHttpsAddress(value: string): boolean {
  if (!/^https:\/\//i.test(value) || hasUnsafeCharacter(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** What a cover image or an ad link may be: a path on this site or an https address. */
export const isSiteOrHttpsAddress = (value: string): boolean => isSitePath(value) || isHttpsAddress(value);
