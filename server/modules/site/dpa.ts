import { dataProcessingAgreement as dpa } from "#app/content/dpa.ts";
import { site } from "#app/content/site.ts";

/**
 * Renders the data processing agreement (app/content/dpa.ts) as a PDF with pdfkit's built-in fonts.
 * pdfkit, with its font and compression code, loads on the first download rather than at start: the
 * compiled server hoists a bundled module's static imports to its top, and most servers never give it out.
 */
export async function renderDataProcessingAgreement(): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const document = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: `${site.name} ${dpa.title}`, Author: site.legalName, Subject: dpa.title },
  });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on("end", () => resolve(Buffer.concat(chunks)));
    document.on("error", reject);
  });

  document.font("Helvetica-Bold").fontSize(20).text(`${site.name} ${dpa.title}`);
  document.font("Helvetica").fontSize(9).fillColor("#555555").text(dpa.version).moveDown(1.2);
  for (const party of [dpa.processor, dpa.controller]) {
    document.fillColor("#000000").font("Helvetica-Bold").fontSize(11).text(party.heading);
    document.font("Helvetica").fontSize(10).text(party.lines.join("\n")).moveDown(0.8);
  }
  document.font("Helvetica").fontSize(10).text(dpa.intro, { align: "justify" }).moveDown(0.8);
  for (const section of dpa.sections) {
    document.font("Helvetica-Bold").fontSize(11).text(section.title).moveDown(0.2);
    document.font("Helvetica").fontSize(10).text(section.text, { align: "justify" }).moveDown(0.8);
  }
  document.moveDown(0.5).font("Helvetica-Bold").fontSize(11).text(dpa.signatures.heading).moveDown(0.6);
  document.font("Helvetica").fontSize(10).text(dpa.signatures.lines.join("\n\n"));
  document.end();
  return done;
}
