import { expect } from 'chai';
import { createPdfa, FONT_BOLD, FONT_REGULAR, finish, type Pdf } from '../../src/formats/pdf/pdfa-document.js';
import { heightOf, setText } from '../../src/formats/pdf/text-setter.js';

// Text set without PDFKit's LineWrapper is the text PDFKit sets, to the byte: the same PDF from
// setText as from pdf.fillColor(…).text(…), for wrapped, right-aligned and multi-line text, kerned
// pairs, marks placed with offsets and non-Latin scripts, and for what is handed back to PDFKit (a
// word wider than the line, a soft hyphen, text running past the page's foot); heights as
// heightOfString measures them.

const pdfAt = () => createPdfa({ now: new Date('2025-01-01T00:00:00Z'), identity: 'text-setter', title: 'Test', lang: 'en' });

interface Block {
  s: string;
  x: number;
  y: number;
  width: number;
  align: 'left' | 'right' | 'center';
  size: number;
  bold: boolean;
  color: string;
}

const BLOCKS: Block[] = [
  ['Invoice INV-2025-001', 42, 42, 220, 'right', 18, true, '#1f2328'],
  ['Example Seller GmbH\nHauptstr. 456\nSuite 5\n50667 Cologne\nDE', 42, 80, 260, 'left', 8.5, false, '#1f2328'],
  ['AVATAR To Yvonne, WAVE Ty: kerned pairs LTA', 42, 170, 300, 'left', 9, false, '#5b6470'],
  ['Ελληνική Εταιρεία Λογισμικού Α.Ε. — Лицензия на программное обеспечение, Łódź office, ½ day, e\u0301 a\u0308 o\u0323\u0302', 42, 200, 150, 'left', 9, false, '#1f2328'],
  ['1,234,567.89', 300, 260, 80, 'right', 9, true, '#1f2328'],
  ['Invoice INV-1 · 2025-01-01 · page 1 of 2, centred and wrapped in a narrow column', 42, 270, 140, 'center', 7.5, false, '#5b6470'],
  ['A note long enough to wrap over several lines of a narrow column, with  two spaces, a\ttab and trailing space ', 42, 300, 120, 'left', 8, false, '#5b6470'],
  ['', 42, 400, 100, 'left', 9, false, '#1f2328'],
  ['\n\nafter two newlines\n', 42, 420, 100, 'right', 9, false, '#1f2328'],
  // Handed back to PDFKit: a word wider than its column, a soft hyphen, text past the page's foot.
  ['Supercalifragilisticexpialidocious-and-more-without-a-break', 42, 480, 60, 'left', 9, false, '#1f2328'],
  ['Donau\u00addampf\u00adschiff\u00adfahrts\u00adgesellschaft', 42, 560, 70, 'left', 9, false, '#1f2328'],
  [Array.from({ length: 60 }, (_, i) => `word${i}`).join(' '), 42, 760, 200, 'left', 9, false, '#1f2328'],
  ['After the page break', 42, 300, 200, 'left', 9, true, '#1f2328'],
].map(([s, x, y, width, align, size, bold, color]) => ({ s, x, y, width, align, size, bold, color }) as Block);

function draw(pdf: Pdf, b: Block, ours: boolean): void {
  pdf.font(b.bold ? FONT_BOLD : FONT_REGULAR).fontSize(b.size);
  if (ours) setText(pdf, b.s, b.x, b.y, { width: b.width, align: b.align, lineGap: 1, color: b.color });
  else pdf.fillColor(b.color).text(b.s, b.x, b.y, { width: b.width, align: b.align, lineGap: 1 });
}

describe('setText', () => {
  it('writes the bytes PDFKit writes and leaves its cursor where PDFKit leaves it', () => {
    const theirs = pdfAt();
    const ours = pdfAt();
    for (const b of BLOCKS) {
      draw(theirs, b, false);
      draw(ours, b, true);
      expect([ours.x, ours.y, ours.bufferedPageRange().count], b.s).to.deep.equal([theirs.x, theirs.y, theirs.bufferedPageRange().count]);
    }
    expect(ours.bufferedPageRange().count, 'the long block went on to a second page').to.equal(2);
    expect(finish(ours).equals(finish(theirs))).to.equal(true);
  });

  it('measures the height heightOfString measures', () => {
    const pdf = pdfAt();
    for (const b of BLOCKS) {
      pdf.font(b.bold ? FONT_BOLD : FONT_REGULAR).fontSize(b.size);
      pdf.y = b.y;
      expect(heightOf(pdf, b.s, b.width, 1), b.s).to.equal(pdf.heightOfString(b.s, { width: b.width, lineGap: 1 }));
      expect(pdf.y).to.equal(b.y);
    }
    finish(pdf);
  });
});
