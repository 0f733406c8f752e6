import { describe, expect, it } from 'vitest';
import { formatDocumentTitle, formatPortalName, setDocumentTitle } from './document-title.ts';

describe('document title', () => {
  it("reads '{page title} - {tenant name} Adviser Portal'", () => {
    expect(formatDocumentTitle('Sign in', 'Waratah')).toBe('Sign in - Waratah Adviser Portal');
    expect(formatDocumentTitle('Not Found', 'MoneyPartner')).toBe('Not Found - MoneyPartner Adviser Portal');
  });

  it('names the portal after the tenant', () => {
    expect(formatPortalName('Waratah Labs')).toBe('Waratah Labs Adviser Portal');
  });

  it('keeps the previous title for a page without one', () => {
    document.title = 'Dashboard - Waratah Adviser Portal';

    setDocumentTitle({ pageTitle: undefined, tenantName: 'Waratah' });
    expect(document.title).toBe('Dashboard - Waratah Adviser Portal');

    setDocumentTitle({ pageTitle: 'Overview', tenantName: 'Waratah' });
    expect(document.title).toBe('Overview - Waratah Adviser Portal');
  });
});
