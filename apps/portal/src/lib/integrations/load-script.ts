/** Adds a script tag and settles when it has run; a failed load rejects with an error naming the script. */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`The script ${src} could not be loaded`));
    });
    doc.head.append(script);
  });
}
