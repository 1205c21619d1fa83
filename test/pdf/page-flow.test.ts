import { expect } from 'chai';
import { PageFlow } from '../../src/formats/pdf/page-flow.js';
import { createPdfa, finish } from '../../src/formats/pdf/pdfa-document.js';

// The cursor down the page: blocks that do not fit start a new page with the running head and
// the table's header; text taller than the room left flows on, and what follows goes below it.

const pdfAt = () => createPdfa({ now: new Date('2025-01-01T00:00:00Z'), identity: 'page-flow', title: 'Test', lang: 'en' });

describe('PageFlow', () => {
  it('breaks a table between rows, redrawing the running head and the header on the new page', () => {
    const pdf = pdfAt();
    const flow = new PageFlow(pdf);
    let heads = 0;
    flow.onEveryPage(() => {
      heads++;
      flow.gap(10);
    });
    flow.table([{ title: 'Row', width: 200 }], Array.from({ length: 120 }, (_, i) => [`row ${i}`]));
    const pages = pdf.bufferedPageRange().count;
    expect(pages).to.be.at.least(3);
    expect(heads).to.equal(pages - 1);
    finish(pdf);
  });

  it('carries on below text that flowed onto a page PDFKit added', () => {
    const pdf = pdfAt();
    const flow = new PageFlow(pdf);
    flow.y = 700;
    const long = Array.from({ length: 900 }, (_, i) => `word${i}`).join(' ');
    const height = flow.text(long);
    expect(pdf.bufferedPageRange().count).to.equal(2);
    expect(height).to.equal(0);
    expect(flow.y).to.equal(pdf.y);
    expect(flow.y).to.be.above(pdf.page.margins.top).and.below(pdf.page.height);
    finish(pdf);
  });
});
