import type { Principal } from '../../../platform/directory/directory.js';
import { html, type Html } from './html.js';

// The shell every console page shares: landmarks (banner, navigation, main), a skip link, the
// signed-in principal and the sign-out form. One stylesheet, no script: keyboard use, screen
// readers and a strict Content-Security-Policy come with plain HTML.

export interface PageFrame {
  title: string;
  /** The path of the navigation entry this page belongs to (marked aria-current). */
  section?: string | undefined;
  /** Absent on the sign-in page. */
  session?: { principal: Principal; csrf: string } | undefined;
  body: Html;
}

const SECTIONS = [
  { path: '/console', label: 'Overview' },
  { path: '/console/documents', label: 'Documents' },
  { path: '/console/outbox', label: 'Outbox' },
  { path: '/console/entities', label: 'Entities' },
  { path: '/console/merchants', label: 'Merchants', operatorOnly: true },
] as const;

export function who(principal: Principal): string {
  return principal.kind === 'operator' ? 'the operator (admin key)' : `merchant ${principal.merchantId}`;
}

export function page({ title, section, session, body }: PageFrame): string {
  const nav = session
    ? html`<nav aria-label="Console">
  <ul>${SECTIONS.filter((s) => !('operatorOnly' in s) || session.principal.kind === 'operator').map((s) => html`<li><a href="${s.path}"${s.path === section ? html` aria-current="page"` : ''}>${s.label}</a></li>`)}</ul>
</nav>
<form class="sign-out" method="post" action="/console/sign-out">
  <span>Signed in as ${who(session.principal)}</span>
  <input type="hidden" name="csrf" value="${session.csrf}">
  <button type="submit">Sign out</button>
</form>`
    : '';
  return `<!doctype html>
${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · E-invoicing adapter console</title>
<link rel="stylesheet" href="/console/assets/console.css">
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header>
<p class="brand"><a href="/console">E-invoicing adapter</a></p>
${nav}
</header>
<main id="main" tabindex="-1">
<h1>${title}</h1>
${body}
</main>
<footer><p>Everything here is also in the admin API: <a href="/openapi.json">/openapi.json</a>.</p></footer>
</body>
</html>`}\n`;
}
