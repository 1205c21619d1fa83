import { html, type Html } from './html.js';

// A table with more columns than a phone is wide: it scrolls sideways in a frame of its own, so
// the page never does. The frame takes the keyboard's focus (arrow keys scroll it) and is named
// for screen readers, as WCAG asks of a region that scrolls.

export function wideTable(label: string, table: Html): Html {
  return html`<div class="table-wrap" role="region" tabindex="0" aria-label="${label}">${table}</div>`;
}
