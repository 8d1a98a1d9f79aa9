import { describe, expect, it } from "vitest";
import { EnquiryListQuerySchema, jobFormErrors, jobFormMessages, linesOf, PageQuerySchema, slugOf } from "./admin-business";

describe("slugOf", () => {
  it("makes a job's address from its title", () => {
    expect(slugOf("Senior Full-Stack Engineer (TypeScript)")).toBe("senior-full-stack-engineer-typescript");
    expect(slugOf("  Développeur / Café  ")).toBe("developpeur-cafe");
    expect(slugOf("UI/UX -- Designer!!")).toBe("ui-ux-designer");
  });

  it("never gives the application page's own word, nor a dash at either end", () => {
    expect(slugOf("General")).toBe("general-job");
    expect(slugOf("a".repeat(79) + " b")).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe("job form", () => {
  const valid = {
    title: "Data Engineer",
    type: "Contract",
    department: "Data",
    location: "Remote",
    salary: "",
    description: "Pipelines.",
    requirements: linesOf("SQL\n\n  Python  \n"),
    responsibilities: ["Loads"],
  };

  it("reads a list as one item per non-empty line", () => {
    expect(valid.requirements).toEqual(["SQL", "Python"]);
  });

  it("accepts a complete job and names each missing field", () => {
    expect(jobFormErrors(valid)).toEqual({});
    expect(jobFormErrors({ ...valid, title: "", type: "", requirements: [] })).toEqual({
      title: jobFormMessages.title,
      type: jobFormMessages.type,
      requirements: jobFormMessages.requirements,
    });
  });
});

describe("admin list queries", () => {
  it("default to the first page of 20 and refuse pages out of range", () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, per_page: 20 });
    expect(PageQuerySchema.safeParse({ page: "0" }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ per_page: "101" }).success).toBe(false);
  });

  it("read an empty filter as no filter", () => {
    expect(EnquiryListQuerySchema.parse({ type: "", owner: "", status: "closed" })).toEqual({ page: 1, per_page: 20, sort: "due", status: "closed" });
    expect(EnquiryListQuerySchema.parse({ owner: "me", age: "week", overdue: "yes" })).toMatchObject({ owner: "me", age: "week", overdue: "yes" });
    expect(EnquiryListQuerySchema.parse({ owner: "7" })).toMatchObject({ owner: 7 });
    for (const owner of ["0", "-1", "you", "1.5"]) expect(EnquiryListQuerySchema.safeParse({ owner }).success, owner).toBe(false);
  });

  it("read a blank search as none, trim a search, and take an empty order as the list's usual one", () => {
    expect(EnquiryListQuerySchema.parse({ q: "   ", sort: "" })).toEqual({ page: 1, per_page: 20, sort: "due" });
    expect(EnquiryListQuerySchema.parse({ q: "  Yeti  ", sort: "name" })).toMatchObject({ q: "Yeti", sort: "name" });
    expect(EnquiryListQuerySchema.safeParse({ sort: "-name" }).success).toBe(false);
    expect(EnquiryListQuerySchema.safeParse({ q: "x".repeat(101) }).success).toBe(false);
  });
});
