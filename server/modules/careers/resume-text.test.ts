import { describe, expect, it } from "vitest";
import { resumeText } from "./resume-text";
import { compoundDocument, docxDocument, pdfDocument } from "../../../tests/fixtures/resume-documents";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

describe("a résumé's text", () => {
  it("is read from a PDF's text layer and from a Word package", async () => {
    expect(await resumeText("application/pdf", pdfDocument("Jane Doe knows Kubernetes"))).toBe("Jane Doe knows Kubernetes");
    expect(await resumeText(DOCX, docxDocument("Ram Bahadur, Terraform and Go"))).toBe("Ram Bahadur, Terraform and Go");
  });

  it("is none for a file with no text to read, which is still a résumé", async () => {
    expect(await resumeText("application/pdf", pdfDocument(""))).toBeNull();
    expect(await resumeText("application/msword", compoundDocument())).toBeNull();
    expect(await resumeText("application/pdf", Buffer.from("%PDF-1.7 broken"))).toBeNull();
    expect(await resumeText(DOCX, Buffer.from("PK not a zip"))).toBeNull();
  });
});
