import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { RESUME_MAX_BYTES, resumeMessages } from "#contracts/careers.ts";
import { READ_LIMITS, readResume } from "./resume";
import { compoundDocument, docxDocument, objectStream, pdfDocument, wordDocument } from "../../../tests/fixtures/resume-documents";

/**
 * Résumés built to get something other than a plain document past the check: containers that only look
 * like Word files, and PDFs that would run or launch something when a recruiter opens them.
 */

const refused = { ok: false, status: 400, message: resumeMessages.notMatching };
const script = "<< /S /JavaScript /JS (app.alert('owned')) >>";
/** A stream object holding `data`, with its true /Length. */
const streamObject = (data: string | Buffer, entries = "") =>
  `<< /Length ${Buffer.byteLength(data)}${entries} >>\nstream\n${Buffer.from(data).toString("latin1")}\nendstream`;
/** Bytes that look random, as compressed or image data does, the same on every run. */
const noise = (size: number) =>
  Buffer.concat(Array.from({ length: Math.ceil(size / 32) }, (_, i) => createHash("sha256").update(`noise ${i}`).digest())).subarray(0, size);
const hex = (text: string) => `<${Buffer.from(text, "latin1").toString("hex")}>`;

describe("a machine too busy to read", () => {
  it("answers 503 and asks the applicant to send again, rather than call a real résumé a fake", async () => {
    const real = pdfDocument("Asha Gurung - Curriculum Vitae");
    expect(await readResume("cv.pdf", real, { ...READ_LIMITS, timeoutMs: 1 })).toMatchObject({
      ok: false,
      status: 503,
      message: resumeMessages.notReadNow,
      cause: { reason: "timeout" },
    });
    expect(await readResume("cv.pdf", real)).toMatchObject({ ok: true });
  });
});

describe("a .doc", () => {
  it.each([
    ["a sector chain that points back into itself", compoundDocument("WordDocument", { chain: "looping" })],
    ["a sector chain that ends before its stream does", compoundDocument("WordDocument", { chain: "truncated" })],
    ["a stream that declares 2 GB", compoundDocument("WordDocument", { declaredSize: 0x7fffffff })],
  ])("is refused at once with %s", async (_case, bytes) => {
    const started = performance.now();
    expect(await readResume("cv.doc", bytes)).toEqual(refused);
    expect(performance.now() - started).toBeLessThan(8_000);
  });

  it("is refused when it has the compound-file signature and the words 'WordDocument' but no such stream", async () => {
    const signature = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const fake = Buffer.concat([signature, Buffer.alloc(504), Buffer.from("WordDocument", "utf16le"), Buffer.alloc(4096)]);
    expect(await readResume("cv.doc", fake)).toEqual(refused);
  });

  it("is refused when its WordDocument stream holds no Word header", async () => {
    const emptied = compoundDocument();
    emptied.fill(0, emptied.length - 4096);
    expect(await readResume("cv.doc", emptied)).toEqual(refused);
  });

  it("is accepted when it is a compound file with a Word stream", async () => {
    expect(await readResume("cv.doc", compoundDocument())).toMatchObject({ ok: true, contentType: "application/msword" });
  });

  it("gives its words from the piece table, in one byte a character or two, without the codes of its fields", async () => {
    const document = wordDocument(["Sita Sharma\r", "सीता शर्मा, Kathmandu\r", 'Portfolio: \x13 HYPERLINK "https://sita.example" \x14sita.example\x15\r']);
    expect(await readResume("cv.doc", document)).toEqual({
      ok: true,
      contentType: "application/msword",
      text: "Sita Sharma सीता शर्मा, Kathmandu Portfolio: sita.example",
    });
  });
});

describe("a .docx", () => {
  const inflated = 64 * 1024 * 1024;

  it("is refused when its directory understates a part that inflates to 64 MB", async () => {
    const bomb = docxDocument(undefined, { extraParts: { "word/media/bomb.xml": Buffer.alloc(inflated, 0x20) }, deflate: true, claimedSize: 1024 });
    expect(bomb.length).toBeLessThan(inflated / 500);
    expect(await readResume("cv.docx", bomb)).toEqual(refused);
  });

  it("is refused when its parts inflate past 50 MB in total, even when each is declared truly", async () => {
    const parts = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`word/media/part${i}.xml`, Buffer.alloc(9 * 1024 * 1024, 0x20)]));
    expect(await readResume("cv.docx", docxDocument(undefined, { extraParts: parts, deflate: true }))).toEqual(refused);
  });

  it("is refused when its directory lies about a small document's sizes", async () => {
    expect(await readResume("cv.docx", docxDocument(undefined, { deflate: true, claimedSize: 10 }))).toEqual(refused);
  });

  it("is refused with thousands of parts, which would take seconds to walk", async () => {
    const parts = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`word/part${i}.xml`, "x"]));
    expect(await readResume("cv.docx", docxDocument(undefined, { extraParts: parts }))).toEqual(refused);
  });

  it("is refused without word/document.xml, and accepted with it", async () => {
    const withoutDocument = docxDocument(undefined, { extraParts: { "word/document.xml": "" } });
    expect(await readResume("cv.docx", Buffer.from(withoutDocument.toString("latin1").replaceAll("word/document.xml", "word/documenx.xml"), "latin1"))).toEqual(
      refused,
    );
    expect(await readResume("cv.docx", docxDocument("Ram Bahadur, Terraform and Go", { deflate: true }))).toEqual({
      ok: true,
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      text: "Ram Bahadur, Terraform and Go",
    });
  });
});

describe("a PDF", () => {
  const activePdfs: [string, Buffer][] = [
    ["an /OpenAction that runs JavaScript", pdfDocument(undefined, { catalog: `/OpenAction ${script}` })],
    ["an /OpenAction pointing at a JavaScript action object", pdfDocument(undefined, { catalog: "/OpenAction 6 0 R", objects: [script] })],
    [
      "an /OpenAction that launches a program",
      pdfDocument(undefined, { catalog: "/OpenAction << /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) /P (/c calc) >> >>" }),
    ],
    [
      "document-level scripts in the /Names tree",
      pdfDocument(undefined, { catalog: "/Names << /JavaScript 6 0 R >>", objects: ["<< /Names [(init) 7 0 R] >>", script] }),
    ],
    ["a page's additional actions (/AA)", pdfDocument(undefined, { catalog: "/AA << /WC 6 0 R >>", objects: ["<< /S /GoTo /D [3 0 R /Fit] >>"] })],
    ["a JavaScript action behind #-escaped names", pdfDocument(undefined, { catalog: "/OpenAction << /S /J#61va#53cript /#4A#53 (app.alert(1)) >>" })],
    ["a JavaScript action inside a compressed object stream", pdfDocument(undefined, { catalog: "/OpenAction 7 0 R", objects: [objectStream([script])] })],
    [
      "a launch action inside an object stream whose names are escaped",
      pdfDocument(undefined, { objects: [objectStream(["<< /S /L#61unch /F (cmd.exe) >>"])] }),
    ],
    ["an object stream whose /Type is missing", pdfDocument(undefined, { objects: [objectStream([script]).replace("/Type /ObjStm ", "")] })],
    ["an object stream in a coding the check cannot read", pdfDocument(undefined, { objects: [objectStream([script], { filter: "/LZWDecode" })] })],
    [
      "an object stream coded twice",
      pdfDocument(undefined, {
        objects: [objectStream([script], { filter: "[/FlateDecode /FlateDecode]", data: deflateSync(deflateSync("7 0 << /S /JavaScript >>")) })],
      }),
    ],
    [
      "an object stream that inflates to 64 MB",
      pdfDocument(undefined, { objects: [objectStream(["<< >>"], { data: deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20)) })] }),
    ],
    [
      "an object that the cross-reference table finds inside another stream's data",
      pdfDocument(undefined, { catalog: "/OpenAction 7 0 R", objects: [streamObject(`7 0 obj\n${script}\nendobj`)] }),
    ],
    ["keys hidden after the word stream inside a dictionary", pdfDocument(undefined, { catalog: `/Comment stream /OpenAction ${script} /Note endstream` })],
    [
      "an object stream whose dictionary holds a stray obj",
      pdfDocument(undefined, { objects: [objectStream([script]).replace(" /Filter", " /Note obj /Filter")] }),
    ],
    ["rich media", pdfDocument(undefined, { objects: ["<< /Type /Annot /Subtype /RichMedia /Rect [0 0 10 10] >>"] })],
    ["an embedded file", pdfDocument(undefined, { catalog: "/Names << /EmbeddedFiles 6 0 R >>", objects: ["<< /Names [(cv.exe) 7 0 R] >>"] })],
    ["an XFA form", pdfDocument(undefined, { catalog: "/AcroForm << /XFA 6 0 R >>", objects: ["<< >>"] })],
    [
      "an encrypted body that cannot be read",
      Buffer.from(pdfDocument().toString("latin1").replace("/Root 1 0 R", "/Root 1 0 R /Encrypt << /Filter /Standard /V 2 >>"), "latin1"),
    ],
    ["a javascript: link", pdfDocument(undefined, { objects: ["<< /Type /Annot /Subtype /Link /A << /S /URI /URI (javascript:alert\\(1\\)) >> >>"] })],
    [
      "a javascript: link written in hex",
      pdfDocument(undefined, { objects: [`<< /Type /Annot /Subtype /Link /A << /S /URI /URI ${hex("java\tscript:alert(1)")} >> >>`] }),
    ],
    ["a javascript: link written with octal escapes", pdfDocument(undefined, { objects: ["<< /A << /S /URI /URI (\\152ava\\163cript:alert\\(1\\)) >> >>"] })],
    ["an <img onerror> tag in its text", pdfDocument('<img src=x onerror="alert(1)">')],
    [
      "an <svg onload> tag past the bytes a browser sniffs",
      pdfDocument(undefined, { objects: [`(${"x".repeat(2048)})`, "<< /Title (<svg/onload=alert(1)>) >>"] }),
    ],
  ];

  it.each(activePdfs)("is refused with %s", async (_case, bytes) => {
    expect(await readResume("cv.pdf", bytes)).toEqual(refused);
  });

  const plainPdfs: [string, Buffer][] = [
    ["a plain one-page document", pdfDocument()],
    ["an /OpenAction that only opens the first page, as LaTeX writes it", pdfDocument(undefined, { catalog: "/OpenAction [3 0 R /Fit]" })],
    [
      "web links and a name with an escaped space",
      pdfDocument(undefined, { objects: ["<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://example.com/docs/Web/JavaScript) >> /F#20ont 1 >>"] }),
    ],
    [
      "its objects in a compressed object stream",
      pdfDocument(undefined, { objects: [objectStream(["<< /Type /Annot /Subtype /Link /A << /S /GoTo /D [3 0 R /Fit] >> >>"])] }),
    ],
    ["a page about JavaScript", pdfDocument("Skills: JavaScript, TypeScript, <div> layouts")],
    [
      "an outline, whose items have /First too",
      pdfDocument(undefined, {
        catalog: "/Outlines 6 0 R",
        objects: ["<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count 1 >>", "<< /Title (Experience) /Parent 6 0 R /Dest [3 0 R /Fit] >>"],
      }),
    ],
    [
      "4.9 MB of image data",
      pdfDocument(undefined, {
        objects: [
          streamObject(
            noise(4_900_000),
            " /Type /XObject /Subtype /Image /Width 1400 /Height 1167 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /DCTDecode",
          ),
        ],
      }),
    ],
  ];

  it.each(plainPdfs)("is accepted with %s", async (_case, bytes) => {
    expect(await readResume("cv.pdf", bytes)).toMatchObject({ ok: true, contentType: "application/pdf" });
  });

  it("is read whole when 5 MB of it is built to be costly to parse", async () => {
    const costly = pdfDocument("Jane Doe", { objects: [`[${"0 ".repeat(2_000_000)}]`, `<< /Names [${"(a) ".repeat(200_000)}] >>`] });
    expect(costly.length).toBeLessThanOrEqual(RESUME_MAX_BYTES);
    expect(await readResume("cv.pdf", costly)).toEqual({ ok: true, contentType: "application/pdf", text: "Jane Doe" });
  });

  /** A stream whose data inflates to `bytes` of zeros. */
  const inflatingStream = (bytes: number, filter = "/FlateDecode") => streamObject(deflateSync(Buffer.alloc(bytes)), ` /Filter ${filter}`);

  it.each([
    ["one stream that inflates to 64 MB", pdfDocument(undefined, { objects: [inflatingStream(64 * 1024 * 1024)] })],
    [
      "streams of 9 MB each that inflate past 50 MB together",
      pdfDocument(undefined, { objects: Array.from({ length: 6 }, () => inflatingStream(9 * 1024 * 1024)) }),
    ],
    [
      "a stream coded twice that inflates to 64 MB the second time",
      pdfDocument(undefined, { objects: [streamObject(deflateSync(deflateSync(Buffer.alloc(64 * 1024 * 1024))), " /Filter [/FlateDecode /FlateDecode]")] }),
    ],
  ])("is refused with %s", async (_case, bytes) => {
    expect(await readResume("cv.pdf", bytes)).toEqual(refused);
  });

  it("is accepted with streams that inflate to 40 MB in all, as a scanned résumé's pictures may", async () => {
    const pictures = pdfDocument(undefined, { objects: Array.from({ length: 4 }, () => inflatingStream(10 * 1024 * 1024)) });
    expect(await readResume("cv.pdf", pictures)).toMatchObject({ ok: true });
  });

  it("gives the words of its text layer, and none when it has no text", async () => {
    expect(await readResume("cv.pdf", pdfDocument("Jane Doe knows Kubernetes"))).toEqual({
      ok: true,
      contentType: "application/pdf",
      text: "Jane Doe knows Kubernetes",
    });
    expect(await readResume("cv.pdf", pdfDocument(""))).toEqual({ ok: true, contentType: "application/pdf", text: null });
  });
});
