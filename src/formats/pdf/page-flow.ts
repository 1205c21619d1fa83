import { FONT_BOLD, FONT_REGULAR, type Pdf } from './pdfa-document.js';
import { heightOf, setText } from './text-setter.js';

// Writing down the page: a cursor that knows the space left and, when a block does not fit,
// starts a new page and redraws what every page repeats (the running head, the table header).
// Page numbers are written last, once the count is known (the document buffers its pages).

export const INK = '#1f2328';
export const MUTED = '#5b6470';
export const RULE = '#c9ced6';

/** A table cell: text, or a bold first line with details under it in grey. */
export type Cell = string | { strong: string; detail?: string | undefined };

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

export class PageFlow {
  readonly left: number;
  readonly width: number;
  private readonly bottom: number;
  y: number;
  /** Redrawn at the top of every page after the first. */
  private runningHead: (() => void) | undefined;
  /** The header of the table being drawn, redrawn after a page break inside it. */
  private tableHead: (() => void) | undefined;

  constructor(readonly pdf: Pdf) {
    const { margins, width, height } = pdf.page;
    this.left = margins.left;
    this.width = width - margins.left - margins.right;
    // Room for the footer line under the last block.
    this.bottom = height - margins.bottom - 18;
    this.y = margins.top;
  }

  onEveryPage(draw: () => void): void {
    this.runningHead = draw;
  }

  /** Makes room for `height` points, on a new page when this one has too little left. */
  need(height: number): void {
    if (this.y + height <= this.bottom) return;
    this.pdf.addPage();
    this.y = this.pdf.page.margins.top;
    this.runningHead?.();
    this.tableHead?.();
  }

  gap(points: number): void {
    this.y += points;
  }

  /** A run of text at the cursor, `width` wide; returns its height. */
  text(s: string, o: { x?: number; width?: number; size?: number; bold?: boolean; color?: string; align?: 'left' | 'right' } = {}): number {
    this.pdf.font(o.bold ? FONT_BOLD : FONT_REGULAR).fontSize(o.size ?? 9);
    const page = this.pdf.page;
    setText(this.pdf, s, o.x ?? this.left, this.y, { width: o.width ?? this.width, align: o.align ?? 'left', lineGap: 1, color: o.color ?? INK });
    // Text taller than the page left (a long note) flows onto pages PDFKit adds: carry on below it.
    if (this.pdf.page !== page) {
      this.y = this.pdf.y;
      return 0;
    }
    // The cursor is left under the text: the height, without laying the text out a second time.
    return this.pdf.y - this.y;
  }

  /** Height of `s` in the given width and size, without drawing it. */
  measure(s: string, width: number, size = 9, bold = false): number {
    this.pdf.font(bold ? FONT_BOLD : FONT_REGULAR).fontSize(size);
    return heightOf(this.pdf, s, width, 1);
  }

  rule(color = RULE): void {
    this.pdf.moveTo(this.left, this.y).lineTo(this.left + this.width, this.y).lineWidth(0.5).strokeColor(color).stroke();
  }

  /** A table: its header, then each row kept whole on one page; the header repeats after a break. */
  table(columns: readonly Column[], rows: readonly (readonly Cell[])[]): void {
    const head = () => {
      let x = this.left;
      const height = Math.max(...columns.map((c) => this.measure(c.title, c.width - 6, 8, true)));
      for (const c of columns) {
        this.text(c.title, { x: x + 3, width: c.width - 6, size: 8, bold: true, color: MUTED, align: c.align });
        x += c.width;
      }
      this.y += height + 3;
      this.rule(INK);
      this.y += 3;
    };
    this.need(40);
    head();
    this.tableHead = head;
    for (const row of rows) {
      const height = Math.max(...row.map((cell, i) => this.cellHeight(cell, columns[i]!.width - 6)));
      this.need(height + 5);
      let x = this.left;
      row.forEach((cell, i) => {
        this.cell(cell, x + 3, columns[i]!.width - 6, columns[i]!.align);
        x += columns[i]!.width;
      });
      this.y += height + 2;
      this.rule();
      this.y += 3;
    }
    this.tableHead = undefined;
  }

  private cellHeight(cell: Cell, width: number): number {
    if (typeof cell === 'string') return this.measure(cell, width);
    return this.measure(cell.strong, width, 9, true) + (cell.detail ? this.measure(cell.detail, width, 8) : 0);
  }

  private cell(cell: Cell, x: number, width: number, align: 'left' | 'right' | undefined): void {
    if (typeof cell === 'string') {
      this.text(cell, { x, width, align });
      return;
    }
    const top = this.y;
    this.y += this.text(cell.strong, { x, width, bold: true });
    if (cell.detail) this.text(cell.detail, { x, width, size: 8, color: MUTED });
    this.y = top;
  }

  /** `label … value` lines at the right edge (totals), the last one `strong`. */
  pairs(lines: readonly (readonly [string, string, boolean?])[], width: number): void {
    const x = this.left + this.width - width;
    for (const [label, value, strong] of lines) {
      this.need(14);
      if (strong) {
        this.y += 2;
        this.pdf.moveTo(x, this.y).lineTo(x + width, this.y).lineWidth(0.5).strokeColor(INK).stroke();
        this.y += 3;
      }
      const h = this.text(label, { x, width: width * 0.6, bold: strong, size: strong ? 10 : 9 });
      this.text(value, { x: x + width * 0.6, width: width * 0.4, align: 'right', bold: strong, size: strong ? 10 : 9 });
      this.y += h + 2;
    }
  }

  /** `footer(page, count)` on every page, in the bottom margin. */
  footers(footer: (page: number, count: number) => string): void {
    const { start, count } = this.pdf.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.pdf.switchToPage(i);
      const { margins, height } = this.pdf.page;
      // Writing into the bottom margin would make PDFKit start a page: the margin is lifted for the footer.
      const bottom = margins.bottom;
      margins.bottom = 0;
      this.pdf.font(FONT_REGULAR).fontSize(7.5);
      setText(this.pdf, footer(i + 1, count), this.left, height - bottom + 8, { width: this.width, align: 'center', lineGap: 0, color: MUTED });
      margins.bottom = bottom;
    }
  }
}
