import { i18n } from '../lib/i18n.ts';

export function formatPortalName(tenantName: string): string {
  return i18n.t('app.portalName', { tenantName });
}

/** '{page title} - {tenant name} Adviser Portal' (spec §1). */
export function formatDocumentTitle(pageTitle: string, tenantName: string): string {
  return i18n.t('app.documentTitle', { pageTitle, tenantName });
}

export interface SetDocumentTitleOptions {
  /** A page without a title keeps whatever title the previous page set (spec §2 'not shown'). */
  pageTitle: string | undefined;
  tenantName: string;
  doc?: Document;
}

export function setDocumentTitle({ pageTitle, tenantName, doc = document }: SetDocumentTitleOptions): void {
  if (pageTitle === undefined) return;
  doc.title = formatDocumentTitle(pageTitle, tenantName);
}
