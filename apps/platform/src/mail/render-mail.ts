import type { TenantConfig } from '@waratah/tenants';
import type { MailLinkRow } from '../db/database-schema.ts';
import { escapeHtml } from './escape-html.ts';

export interface MailContent {
  tenant: TenantConfig;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A button (and a plain link under it, for mail clients that hide buttons). */
  action?: MailLinkRow;
  /** A code to type in, shown large. */
  code?: string;
  /** Said last, e.g. how long the link lasts. */
  footnote: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  links: MailLinkRow[];
}

/** One e-mail in the tenant's name and colours, as HTML and as plain text. */
export function renderMail(content: MailContent): RenderedMail {
  const { tenant, action, code } = content;
  const { theme } = tenant;
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(code ? [`Your code: ${code}`] : []),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    content.footnote,
    `— ${tenant.name} Adviser Portal`,
  ].join('\n\n');
  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:${theme.colorButtonPrimary};color:${theme.colorButtonPrimaryText};padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px">Or open this link: <a href="${escapeHtml(action.url)}" style="color:${theme.colorLink}">${escapeHtml(action.url)}</a></p>`
    : '';
  const codeBlock = code
    ? `<p style="margin:24px 0;font-size:32px;letter-spacing:8px;font-weight:bold;color:${theme.colorPrimary}">${escapeHtml(code)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:${theme.colorBody}">
<div style="max-width:560px;margin:0 auto;background:#ffffff">
<div style="background:${theme.colorPrimary};color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold">${escapeHtml(tenant.name)}</div>
<div style="padding:24px">
${paragraph(content.greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${codeBlock}${button}
<p style="margin:24px 0 0;font-size:13px;color:#52525b">${escapeHtml(content.footnote)}</p>
</div></div></body></html>`;
  return { subject: content.subject, text, html, links: action ? [action] : [] };
}
