import { neutraliseCell, neutraliseRows } from "@vigia/domain";
import { exportFileName, pdfSiteName } from "./logic.ts";

/**
 * Browser-side exports of what the table shows: xlsx (exceljs), csv (papaparse) and a landscape
 * PDF with the spec's header (jspdf + autotable). The heavy libraries are imported on demand so the table
 * itself stays light.
 */
export type ExportFormat = "xlsx" | "csv" | "pdf";

export interface ExportInput {
  /** File-name part: report_{name}_{date}. */
  name: string;
  title: string;
  sitename: string;
  logoUrl: string;
  /** Already formatted date range, shown in the PDF header when given. */
  dateRange?: string;
  /** Formatted creation date for the PDF header. */
  createdAt: string;
  header: string[];
  body: (string | number)[][];
  labels: { dateRange: string; created: string };
  /** CSV field separator (`csvSeparator` of the user's language); a comma when not given. */
  csvSeparator?: "," | ";";
}

export interface ExportFile {
  fileName: string;
  blob: Blob;
}

export async function buildExport(
  format: ExportFormat,
  input: ExportInput,
  now = new Date(),
): Promise<ExportFile> {
  const fileName = exportFileName(input.name, now, format);
  if (format === "csv") return { fileName, blob: await csvBlob(input) };
  if (format === "xlsx") return { fileName, blob: await xlsxBlob(input) };
  return { fileName, blob: await pdfBlob(input) };
}

export async function csvText(input: Pick<ExportInput, "header" | "body" | "csvSeparator">): Promise<string> {
  const Papa = (await import("papaparse")).default;
  const data = { fields: input.header.map(neutraliseCell), data: neutraliseRows(input.body) };
  // A BOM lets spreadsheet programs read the UTF-8 accents of every language correctly.
  return `\uFEFF${Papa.unparse(data, { delimiter: input.csvSeparator ?? "," })}`;
}

async function csvBlob(input: Pick<ExportInput, "header" | "body" | "csvSeparator">): Promise<Blob> {
  return new Blob([await csvText(input)], { type: "text/csv;charset=utf-8" });
}

export async function xlsxBuffer(
  input: Pick<ExportInput, "header" | "body" | "title">,
): Promise<ArrayBuffer> {
  const ExcelJS = (await import("exceljs")).default;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(input.title.slice(0, 31) || "report");
  sheet.addRow(input.header.map(neutraliseCell)).font = { bold: true };
  for (const line of neutraliseRows(input.body)) sheet.addRow(line);
  sheet.columns.forEach((column, i) => {
    const longest = Math.max(
      input.header[i]?.length ?? 0,
      ...input.body.slice(0, 500).map((r) => String(r[i] ?? "").length),
    );
    column.width = Math.min(60, Math.max(10, longest + 2));
  });
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

async function xlsxBlob(input: ExportInput): Promise<Blob> {
  return new Blob([await xlsxBuffer(input)], {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });
}

/** The site logo as a PNG data URL (jsPDF cannot draw SVG); null when it cannot be loaded. */
async function logoPng(url: string): Promise<{ data: string; ratio: number } | null> {
  try {
    const image = new Image();
    image.crossOrigin = "anonymous";
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error("logo"));
      image.src = url;
    });
    const width = image.naturalWidth || 160;
    const height = image.naturalHeight || 40;
    const canvas = document.createElement("canvas");
    canvas.width = width * 2;
    canvas.height = height * 2;
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return { data: canvas.toDataURL("image/png"), ratio: width / height };
  } catch {
    return null;
  }
}

async function pdfBlob(input: ExportInput): Promise<Blob> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import("jspdf"), import("jspdf-autotable")]);
  const doc = new jsPDF({ orientation: "landscape", unit: "mm", format: "a4" });
  const pageWidth = doc.internal.pageSize.getWidth();
  const logo = await logoPng(input.logoUrl);
  let x = 14;
  if (logo) {
    const h = 12;
    doc.addImage(logo.data, "PNG", 14, 8, h * logo.ratio, h);
    x += h * logo.ratio + 4;
  }
  doc.setFontSize(9);
  doc.setTextColor(110);
  doc.text(pdfSiteName(input.sitename), x, 12);
  doc.setFontSize(14);
  doc.setTextColor(20);
  doc.text(input.title, x, 19);
  doc.setFontSize(9);
  doc.setTextColor(90);
  const right = [`${input.labels.created}: ${input.createdAt}`];
  if (input.dateRange) right.unshift(`${input.labels.dateRange}: ${input.dateRange}`);
  doc.text(right, pageWidth - 14, 12, { align: "right" });
  autoTable(doc, {
    head: [input.header],
    body: input.body.map((line) => line.map((cell) => String(cell))),
    startY: 26,
    styles: { fontSize: 8, cellPadding: 1.5 },
    headStyles: { fillColor: [34, 58, 94] },
    margin: { left: 14, right: 14 },
  });
  return doc.output("blob");
}

/** Hands the file to the browser as a download. */
export function downloadFile(file: ExportFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL asynchronously after the click.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
