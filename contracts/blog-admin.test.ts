import { describe, expect, it } from "vitest";
import { postFormErrors, PostFormSchema } from "./blog-admin";

const valid = { title: "Edge AI", excerpt: "Short.", content: "# Hi", categories: ["1", "3"], read_time: "5", featured: "false" };

describe("the post form's rules", () => {
  it("accepts a complete post and reads the multipart strings", () => {
    expect(PostFormSchema.parse(valid)).toEqual({ title: "Edge AI", excerpt: "Short.", content: "# Hi", categories: [1, 3], read_time: 5, featured: false });
    expect(PostFormSchema.parse({ ...valid, featured: "true" }).featured).toBe(true);
  });

  it("words each problem as the spec does", () => {
    expect(postFormErrors({ ...valid, title: "  " }).title).toBe("Title is required");
    expect(postFormErrors({ ...valid, excerpt: "" }).excerpt).toBe("Excerpt is required");
    expect(postFormErrors({ ...valid, excerpt: "x".repeat(301) }).excerpt).toBe("Excerpt must be 300 characters or less");
    expect(postFormErrors({ ...valid, excerpt: "x".repeat(300) }).excerpt).toBeUndefined();
    expect(postFormErrors({ ...valid, content: "" }).content).toBe("Content is required");
    expect(postFormErrors({ ...valid, categories: [] }).categories).toBe("Select at least one category");
    expect(postFormErrors({ ...valid, categories: undefined }).categories).toBe("Select at least one category");
    expect(postFormErrors({ ...valid, read_time: "" }).read_time).toBe("Read time is required");
    expect(postFormErrors({ ...valid, read_time: "0" }).read_time).toBe("Must be at least 1 minute");
    expect(postFormErrors({ ...valid, read_time: "abc" }).read_time).toBe("Read time is required");
  });

  it("refuses a category id past the database's integer range instead of passing it on", () => {
    expect(postFormErrors({ ...valid, categories: ["3000000000"] }).categories).toBe("Unknown category");
    expect(postFormErrors({ ...valid, categories: ["9007199254740993"] }).categories).toBe("Unknown category");
    expect(postFormErrors({ ...valid, categories: ["2147483648"] }).categories).toBe("Unknown category");
    expect(PostFormSchema.parse({ ...valid, categories: ["2147483647"] }).categories).toEqual([2_147_483_647]);
  });
});
