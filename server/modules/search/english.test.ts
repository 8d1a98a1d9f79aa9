import { describe, expect, it } from "vitest";
import { everydayWordMeant, isEverydayWord } from "./english";

describe("everyday English words", () => {
  it("knows the words of the everyday lists, and not a misspelling of one", () => {
    expect(isEverydayWord("hired")).toBe(true);
    expect(isEverydayWord("hierd")).toBe(false);
  });

  it("reads a misspelling as the everyday word one slip away: two letters swapped first, then the commoner word", () => {
    // "herd" is a letter left out of "hierd", "relieved" one letter changed in "recieved": each as close, yet not what was meant.
    expect(everydayWordMeant("hierd")).toBe("hired");
    expect(everydayWordMeant("recieved")).toBe("received");
    expect(everydayWordMeant("outsid")).toBe("outside");
    expect(everydayWordMeant("verfication")).toBe("verification");
  });

  it("reads a word more than one slip from every everyday word as none", () => {
    expect(everydayWordMeant("blokchain")).toBeNull();
    expect(everydayWordMeant("kubernets")).toBeNull();
  });
});
