import { html } from '../html.js';
import { page } from '../layout.js';

// The sign-in form: the admin key (the whole installation) or a merchant's SPI key (its entities
// and documents only). The key travels once, in the body of a same-origin POST; the browser keeps
// only the session cookie it is exchanged for.

export function signInPage(options: { next?: string | undefined; error?: string | undefined } = {}): string {
  return page({
    title: 'Sign in',
    body: html`<form class="stacked" method="post" action="/console/sign-in">
${options.error ? html`<p class="error" role="alert" id="key-error">${options.error}</p>` : ''}
<label for="key">Admin key or merchant API key</label>
<input id="key" name="key" type="password" autocomplete="current-password" required${options.error ? html` aria-invalid="true" aria-describedby="key-error"` : ''} autofocus>
${options.next ? html`<input type="hidden" name="next" value="${options.next}">` : ''}
<button type="submit">Sign in</button>
</form>
<p class="muted">The admin key opens everything; a merchant's key opens that merchant's entities and documents only.</p>`,
  });
}
