import type { Selectable } from 'kysely';
import type { MailMessagesTable } from '../../db/database-schema.ts';
import { escapeHtml } from '../../mail/escape-html.ts';

/** The mailbox as one page: each message with its recipient, subject, time, links and body. */
export function renderMailboxPage(rows: Selectable<MailMessagesTable>[]): string {
  const items = rows.map(renderMessage).join('\n');
  const empty = '<p>No e-mails yet. Reset a password, invite someone or register, and they appear here.</p>';
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><title>Development mailbox - Waratah</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:900px;padding:24px;color:#18181b}
article{border:1px solid #d4d4d8;border-radius:8px;margin:0 0 24px;padding:16px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0 0 12px}dt{font-weight:600}
iframe{border:1px solid #e4e4e7;width:100%;height:420px}
</style></head>
<body><h1>Development mailbox</h1>
<p>E-mails the platform sent while no SMTP server is configured (newest first).</p>
${rows.length ? items : empty}
</body></html>`;
}

function renderMessage(row: Selectable<MailMessagesTable>): string {
  const links = row.links
    .map(
      (link) =>
        `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>: ${escapeHtml(link.url)}</li>`,
    )
    .join('');
  return `<article aria-label="${escapeHtml(row.subject)}">
<h2>${escapeHtml(row.subject)}</h2>
<dl><dt>To</dt><dd>${escapeHtml(row.to_address)}</dd><dt>Tenant</dt><dd>${escapeHtml(row.tenant_id)}</dd>
<dt>Sent</dt><dd><time datetime="${row.created_at.toISOString()}">${row.created_at.toISOString()}</time></dd></dl>
${links ? `<ul>${links}</ul>` : ''}
<iframe title="${escapeHtml(row.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(row.html)}"></iframe>
<details><summary>Plain text</summary><pre>${escapeHtml(row.text)}</pre></details>
</article>`;
}
