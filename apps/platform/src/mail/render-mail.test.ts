import { getTenant } from '@waratah/tenants';
import { describe, expect, it } from 'vitest';
import { renderMail } from './render-mail.ts';

describe('renderMail', () => {
  it("brands the e-mail with the tenant's name and colours and escapes what it is given", () => {
    const mail = renderMail({
      tenant: getTenant('moneypartner'),
      subject: 'Hello',
      greeting: 'Hi <script>alert(1)</script>,',
      paragraphs: ['One & two'],
      action: { label: 'Set password', url: 'https://portal.example/set-password?invitation_token=a&b' },
      footnote: 'Soon.',
    });
    expect(mail.html).toContain('MoneyPartner');
    expect(mail.html).toContain('background:#1a6b40');
    expect(mail.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.html).toContain('href="https://portal.example/set-password?invitation_token=a&amp;b"');
    expect(mail.text).toContain('Set password: https://portal.example/set-password?invitation_token=a&b');
    expect(mail.links).toEqual([
      { label: 'Set password', url: 'https://portal.example/set-password?invitation_token=a&b' },
    ]);
  });
});
