/** One cookie's value from `document.cookie`, decoded; null when it is not set. */
export function readCookie(name: string, doc: Document = document): string | null {
  for (const pair of doc.cookie.split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}
