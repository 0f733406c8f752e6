/**
 * One cookie's value from `document.cookie`, decoded; null when it is not set or cannot be decoded
 * (a malformed cookie from elsewhere on the site must not stop the page). With the name set twice,
 * the first wins, as browsers list the one of the longer path first.
 */
export function readCookie(name: string, doc: Document = document): string | null {
  for (const pair of doc.cookie.split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return null;
    }
  }
  return null;
}
