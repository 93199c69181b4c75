/**
 * The lines table of a printed record: column widths measured from the text they hold, headers
 * that wrap only between words, rows as tall as their tallest cell. Kept apart from pdf.ts so the
 * layout can be tested on its own.
 */

type Doc = PDFKit.PDFDocument;

/** Font names registered by pdf.ts (Noto Sans SC, so Chinese and Latin share one face). */
export const FONT = { regular: 'cjk', bold: 'cjk-bold' } as const;

/** Space between a cell's text and its edges, so neighbouring cells never touch. */
export const PAD = 3;

export interface TableColumn {
  title: string;
  /** One text per row, '' for an empty cell. */
  values: string[];
  /** Numbers are right-aligned, as on any business document, so their digits line up. */
  align: 'left' | 'right';
  /**
   * Numbers, dates and codes read as one token: split over two lines they are misread, so the
   * column is made wide enough for them whole (up to NO_WRAP_MAX).
   */
  noWrap: boolean;
}

export interface TableLayout {
  widths: number[];
  /** Font size of headers and cells; smaller when the columns do not fit at the normal size. */
  size: number;
}

/**
 * Tried in turn until the minimums fit: the font size, and whether free text keeps its comfortable
 * width (TEXT_MIN). At 8 points free text gives up that width before the font goes down to 7.
 */
export const NORMAL_SIZE = 9;
const ATTEMPTS: [size: number, comfortable: boolean][] = [
  [NORMAL_SIZE, true],
  [8, true],
  [8, false],
  [7, false],
];
/** A free-text word longer than this may break (a long code in a remark must not eat the page). */
const WORD_MAX = 90;
const NO_WRAP_MAX = 140;
/**
 * A column of free text (a material's name, a remark) is given at least this much at 9 points, or its
 * whole text if shorter: at one word's width it would run down the page a word a line. When that
 * does not fit, the font shrinks first.
 */
const TEXT_MIN = 80;
/** No column grows wider than this while another still wants space. */
const PREF_MAX = 220;

/**
 * A text's words, each with the space after it: pdfkit measures a word with its trailing space and
 * breaks the word itself when that is wider than the line, so the space must fit too. Chinese may
 * break between any two characters, so in values each character counts on its own (a material name
 * without spaces must not claim a wide column); a Chinese header is kept whole while it fits.
 */
const words = (s: string, cjkBreaks = false) =>
  s
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((w) => (cjkBreaks ? (w.match(CJK_SPLIT) ?? [w]) : [w]))
    .map((w) => `${w} `);
const CJK_SPLIT = /[\u3000-\u9fff\uff00-\uffef]|[^\u3000-\u9fff\uff00-\uffef]+/g;
const widest = (doc: Doc, texts: string[]) => Math.max(0, ...texts.map((t) => doc.widthOfString(t)));

/**
 * Widths that keep every header word and every number whole. Each column has a minimum (its
 * longest header word, its longest unbreakable value) and a preferred width (header and values on
 * one line); the page's width is shared out from the minimums towards the preferred widths. If the
 * minimums do not fit, the font shrinks; at the smallest size they are scaled down and only then may
 * a word break.
 */
export function layoutColumns(doc: Doc, cols: TableColumn[], width: number): TableLayout {
  let last: TableLayout = { widths: [], size: ATTEMPTS[0][0] };
  for (const [size, comfortable] of ATTEMPTS) {
    const min: number[] = [];
    const pref: number[] = [];
    for (const c of cols) {
      doc.font(FONT.bold).fontSize(size);
      const headWord = widest(doc, words(c.title));
      const headFull = doc.widthOfString(c.title);
      doc.font(FONT.regular).fontSize(size);
      const values = c.values.filter(Boolean);
      const tokens = c.noWrap ? values : values.flatMap((v) => words(v, true));
      const valueMin = Math.min(widest(doc, tokens), c.noWrap ? NO_WRAP_MAX : WORD_MAX);
      const full = Math.min(Math.ceil(Math.max(headFull, widest(doc, values))) + 2 * PAD, PREF_MAX);
      const textMin = comfortable && !c.noWrap ? Math.min(full, (TEXT_MIN * size) / 9) : 0;
      const lo = Math.max(Math.ceil(Math.max(headWord, valueMin)) + 2 * PAD, textMin);
      min.push(lo);
      pref.push(Math.max(lo, full));
    }
    last = { widths: share(min, pref, width), size };
    if (sum(min) <= width) return last;
  }
  return last;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Shares `width` out: minimums first, then the spare evenly up to each column's preferred width
 * (water-filling, so a column that wants little gets it all and its text stays on one line, while
 * the long texts split what is left), then in proportion to the preferred widths.
 */
export function share(min: number[], pref: number[], width: number): number[] {
  const lo = sum(min);
  if (lo >= width) return min.map((m) => (m * width) / lo);
  const want = pref.map((p, i) => p - min[i]);
  const wanted = sum(want);
  let spare = width - lo;
  if (wanted <= spare) {
    const rest = spare - wanted;
    const total = sum(pref);
    return pref.map((p) => p + (rest * p) / total);
  }
  // the level every unsatisfied column is raised by: smallest wants are met first
  const order = want.map((_, i) => i).sort((a, b) => want[a] - want[b]);
  let level = 0;
  for (const [k, i] of order.entries()) {
    const left = order.length - k;
    if (want[i] * left > spare) {
      level = spare / left;
      break;
    }
    spare -= want[i];
  }
  return min.map((m, i) => m + Math.min(want[i], level));
}

export interface TableBox {
  left: number;
  width: number;
  /** Lowest y a row may reach before the table continues on a new page. */
  bottom: () => number;
  /** Starts the next page as the record's pages are (upright or across). */
  newPage: () => void;
}

/**
 * Draws the table from doc.y, header repeated on each page it runs onto. Every row is measured
 * before it is drawn: it moves to the next page whole, and the next row starts below its tallest
 * cell.
 */
export function drawTable(doc: Doc, cols: TableColumn[], box: TableBox): void {
  const { widths, size } = layoutColumns(doc, cols, box.width);
  const xs = widths.map((_, i) => box.left + sum(widths.slice(0, i)));
  const rowCount = Math.max(0, ...cols.map((c) => c.values.length));
  const opts = (i: number) => ({ width: widths[i] - 2 * PAD, align: cols[i].align });
  const height = (texts: string[], font: string) => {
    doc.font(font).fontSize(size);
    const line = doc.currentLineHeight(true);
    return Math.max(line, ...texts.map((t, i) => (t ? doc.heightOfString(t, opts(i)) : line))) + 2 * PAD;
  };
  const rule = (y: number, color: string) =>
    doc
      .moveTo(box.left, y)
      .lineTo(box.left + box.width, y)
      .lineWidth(0.5)
      .strokeColor(color)
      .stroke();
  const cells = (texts: string[], font: string, y: number) => {
    doc.font(font).fontSize(size).fillColor('#000');
    texts.forEach((t, i) => {
      if (t) doc.text(t, xs[i] + PAD, y + PAD, opts(i));
    });
  };

  const header = () => {
    const titles = cols.map((c) => c.title);
    const h = height(titles, FONT.bold);
    const y = doc.y;
    doc.rect(box.left, y, box.width, h).fill('#ecf5ff');
    cells(titles, FONT.bold, y);
    rule(y + h, '#b3d8ff');
    doc.y = y + h;
  };

  header();
  for (let r = 0; r < rowCount; r++) {
    const texts = cols.map((c) => c.values[r] ?? '');
    const h = height(texts, FONT.regular);
    if (doc.y + h > box.bottom()) {
      box.newPage();
      header();
    }
    const y = doc.y;
    cells(texts, FONT.regular, y);
    rule(y + h, '#dcdfe6');
    doc.y = y + h;
  }
}
