import type { Readable } from "node:stream";
import { columnLabel, type ReportResult, reportWords } from "@vigia/domain";
import PDFDocument from "pdfkit";
import { cellText, formatStamp } from "./cells.ts";
import { columnWidths, wrapAtSpaces } from "./pdf-columns.ts";

/** What the PDF header shows besides the report itself. */
export interface PdfMeta {
  /** The site's name, cut to 30 characters. */
  siteName: string;
  lang: string;
  timezone: string;
}

const MARGIN = 30;
const ROW_H = 14;
const HEADER_H = 22;
const FONT_SIZE = 7.5;
const HEADER_BLUE = "#0b4f8a";

/**
 * The standard PDF fonts encode WinAnsi only: letters outside it (Turkish ş, ğ, ı, Polish ł…) lose their marks
 * rather than print as garbage.
 */
export function pdfSafe(text: string): string {
  let out = "";
  for (const ch of text) {
    if (ch.charCodeAt(0) < 256 || "€‘’“”–—…•".includes(ch)) out += ch;
    else {
      const base = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out +=
        base === "ı" ? "i" : base === "ł" ? "l" : [...base].every((c) => c.charCodeAt(0) < 256) ? base : "?";
    }
  }
  return out;
}

/** The product's mark (the map pin of logo.svg), drawn as vectors so the PDF needs no image file. */
function drawLogo(doc: PDFKit.PDFDocument, x: number, y: number): void {
  doc.save().translate(x, y).scale(0.9);
  doc.roundedRect(2, 2, 32, 32, 9).fill("#1c7ed6");
  doc
    .path("M18 8.5a7.5 7.5 0 0 0-7.5 7.5c0 5.4 7.5 12.5 7.5 12.5s7.5-7.1 7.5-12.5A7.5 7.5 0 0 0 18 8.5z")
    .fill("#ffffff");
  doc.circle(18, 16, 3).fill("#1c7ed6");
  doc.restore();
  doc
    .fillColor(HEADER_BLUE)
    .font("Helvetica-Bold")
    .fontSize(16)
    .text("vigia", x + 38, y + 8, { lineBreak: false });
}

function truncate(text: string, width: number): string {
  // Helvetica at this size averages about 0.5 em per character; cut with an ellipsis rather than wrap.
  const max = Math.max(3, Math.floor(width / (FONT_SIZE * 0.5)));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The report as a landscape A4 PDF: logo, title, date range, creation date and site name on every page, then
 * the table with its header repeated. The document is a stream: pages leave as they are finished, and rows are
 * written in slices so a 10,000-row report keeps memory flat and the event loop free.
 */
export function reportPdf(result: ReportResult, meta: PdfMeta): Readable {
  const words = reportWords(meta.lang);
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: MARGIN,
    bufferPages: false,
    autoFirstPage: false,
  });
  const title = pdfSafe(words.titles[result.type]);
  const site = pdfSafe(meta.siteName.slice(0, 30));
  const range = `${words.header.from} ${formatStamp(result.from, meta.timezone)}  ${words.header.to} ${formatStamp(result.to, meta.timezone)}`;
  const created = `${words.header.created} ${formatStamp(result.createdTs, meta.timezone)}`;

  const weights = result.columns.map((c) =>
    c.kind === "text" ? (/position|Position/.test(c.key) ? 2.2 : 1.4) : c.kind === "datetime" ? 1.6 : 1,
  );
  let widths: number[] = [];
  let y = 0;

  const header = () => {
    doc.addPage();
    const pageW = doc.page.width - 2 * MARGIN;
    // Each column at least as wide as its header's longest word: headers wrap between words, never inside one.
    doc.font("Helvetica-Bold").fontSize(FONT_SIZE);
    const minimums = result.columns.map(
      (c) =>
        Math.max(
          0,
          ...pdfSafe(columnLabel(words, meta.lang, c.key))
            .split(/\s+/)
            .map((word) => doc.widthOfString(word)),
        ) + 6,
    );
    widths = columnWidths(weights, minimums, pageW);
    drawLogo(doc, MARGIN, MARGIN - 6);
    doc
      .fillColor("#222")
      .font("Helvetica-Bold")
      .fontSize(13)
      .text(title, MARGIN + 120, MARGIN - 2, { width: pageW - 320, lineBreak: false });
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor("#555")
      .text(pdfSafe(range), MARGIN + 120, MARGIN + 16, { width: pageW - 320, lineBreak: false });
    doc.text(site, doc.page.width - MARGIN - 200, MARGIN - 2, {
      width: 200,
      align: "right",
      lineBreak: false,
    });
    doc.text(created, doc.page.width - MARGIN - 200, MARGIN + 10, {
      width: 200,
      align: "right",
      lineBreak: false,
    });
    y = MARGIN + 40;
    // The header is as tall as its longest wrapped label (two lines at least), so a long column name such as
    // "Velocidad media (km/h)" in a narrow column wraps to a third line instead of losing its unit.
    doc.fillColor("#fff").font("Helvetica-Bold").fontSize(FONT_SIZE);
    const labels = result.columns.map((c, i) =>
      wrapAtSpaces(pdfSafe(columnLabel(words, meta.lang, c.key)), widths[i]! - 4, (text) =>
        doc.widthOfString(text),
      ),
    );
    const lineH = doc.currentLineHeight(true);
    const headerH = Math.max(HEADER_H, ...labels.map((lines) => lines.length * lineH + 6));
    doc.rect(MARGIN, y, pageW, headerH).fill(HEADER_BLUE);
    doc.fillColor("#fff");
    let x = MARGIN;
    for (const [i, lines] of labels.entries()) {
      for (const [n, line] of lines.entries()) doc.text(line, x + 2, y + 3 + n * lineH, { lineBreak: false });
      x += widths[i]!;
    }
    y += headerH;
    doc.font("Helvetica").fillColor("#222");
  };

  void (async () => {
    try {
      header();
      for (const [n, row] of result.rows.entries()) {
        if (y + ROW_H > doc.page.height - MARGIN) header();
        if (n % 2 === 1)
          doc
            .rect(MARGIN, y, doc.page.width - 2 * MARGIN, ROW_H)
            .fill("#f1f3f5")
            .fillColor("#222");
        let x = MARGIN;
        for (const [i, value] of row.entries()) {
          const text = truncate(
            pdfSafe(cellText(value, result.columns[i]!.kind, meta.timezone, meta.lang)),
            widths[i]! - 4,
          );
          // No width: pdfkit then skips its line wrapper (the text is already cut to fit), several times faster.
          doc.text(text, x + 2, y + 4, { lineBreak: false });
          x += widths[i]!;
        }
        y += ROW_H;
        if (n % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
      }
      if (result.rows.length === 0) doc.text("-", MARGIN, y + 4);
      doc.end();
    } catch (error) {
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return doc;
}
