import { describe, expect, it } from 'vitest';
import { html, SafeHtml } from './html.ts';

describe('html', () => {
  it('escapes interpolated text and attributes', () => {
    const value = `"><script>alert('x')</script>&`;
    expect(html`<input value="${value}">`.toString()).toBe(
      '<input value="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">',
    );
  });

  it('keeps SafeHtml, joins lists and drops empty values', () => {
    const items = ['a', 'b'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${false}${undefined}${new SafeHtml('<br>')}`.toString()).toBe(
      '<ul><li>a</li><li>b</li></ul><br>',
    );
  });
});
