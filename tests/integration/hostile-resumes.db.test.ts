import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resumeMessages } from "#contracts/careers.ts";
import { careerResumes } from "../../server/modules/careers/schema";
import { damaged, docxDocument, hostileResumes, objectStream, pdfDocument, wordDocument } from "../fixtures/resume-documents";
import { buildTestApp, type TestContext } from "../helpers/app";
import { RUNS } from "./support/hostile";
import { rowCounts } from "./support/surface";

/**
 * Résumés broken by accident or built to hurt the parsers (decision 051): every one is answered with a
 * 201 or a 400 that says what is wrong with the file, a refused one stores nothing, and the site keeps
 * answering whatever the file did to the reader.
 */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
});
afterAll(() => t.close());

const applicant = { name: "Sita Sharma", email: "sita@example.com", cover_letter: "I build web products with care." };
const refusal = { message: resumeMessages.notMatching, errors: { resume: [resumeMessages.notMatching] } };

function apply(fileName: string, bytes: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(applicant)) form.append(name, value);
  form.append("resume", new Blob([new Uint8Array(bytes)]), fileName);
  return t.app.inject({ method: "POST", url: "/api/careers/applications/", payload: form });
}

const stillAnswering = async () => expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

describe("a hostile résumé", () => {
  it.each(hostileResumes().map((hostile) => [hostile.kind, hostile] as const))(
    "%s is answered 201 or a clear 400, and the site stays up",
    async (_kind, hostile) => {
      const before = await rowCounts(t.database);
      const response = await apply(hostile.fileName, hostile.bytes);
      if (hostile.refused || response.statusCode !== 201) {
        expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: refusal });
        expect(await rowCounts(t.database)).toEqual(before);
      }
      await stillAnswering();
    },
  );
});

describe("a damaged résumé", () => {
  const originals: [string, Buffer][] = [
    [
      "cv.pdf",
      pdfDocument(undefined, { catalog: "/OpenAction [3 0 R /Fit]", objects: [objectStream(["<< /S /URI /URI (https://example.com) >>", "[1 2 3]"])] }),
    ],
    ["cv.docx", docxDocument(undefined, { deflate: true })],
    ["cv.doc", wordDocument(["Sita Sharma\r", "सीता शर्मा\r"])],
  ];
  /** A valid document cut short, or with bytes overwritten, cut out or inserted at random places. */
  const broken = fc.constantFrom(...originals).chain(([fileName, bytes]) =>
    fc
      .oneof(
        fc.nat(bytes.length - 1).map((length) => bytes.subarray(0, length)),
        fc
          .array(fc.tuple(fc.nat(bytes.length - 1), fc.uint8Array({ minLength: 0, maxLength: 16 }), fc.nat(16)), { minLength: 1, maxLength: 8 })
          .map((edits) => damaged(bytes, edits)),
      )
      .map((bytes) => [fileName, bytes] as const),
  );

  it("is stored whole or refused with the contract's message, never a 5xx, and the site keeps answering", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(broken, async ([fileName, bytes]) => {
        const before = (await t.database.db.select({ id: careerResumes.id }).from(careerResumes)).length;
        const response = await apply(fileName, bytes);
        const stored = (await t.database.db.select({ id: careerResumes.id }).from(careerResumes)).length;
        if (bytes.length === 0) expect(response.json().errors).toEqual({ resume: [resumeMessages.missing] });
        else if (response.statusCode === 201) expect(stored).toBe(before + 1);
        else expect({ status: response.statusCode, body: response.json(), stored }).toEqual({ status: 400, body: refusal, stored: before });
        await stillAnswering();
      }),
      { numRuns: RUNS },
    );
  });
});
