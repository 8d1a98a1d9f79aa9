import { describe, expect, it } from "vitest";
import { ContactSchema } from "./enquiries";

const errorsOf = (input: unknown) => {
  const result = ContactSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("enquiry fields", () => {
  it("call a field left out required, and one sent as a number or a list not text", () => {
    expect(errorsOf({ email: 42, message: ["Hello"] })).toEqual({
      name: "This field is required.",
      email: "Send this field as text.",
      message: "Send this field as text.",
    });
  });

  it("call a field sent empty required", () => {
    expect(errorsOf({ name: " ", email: "sita@example.com", message: "Hello" })).toEqual({ name: "This field is required." });
  });
});
