import { describe, expect, it } from "vitest";
import { prepareCampaign } from "./render";

const personal = {
  link: (index: number) => `https://track.example/${index}`,
  openPixel: "https://track.example/open.gif",
  unsubscribe: "https://site.example/u/1",
};

describe("a campaign's mail", () => {
  it("routes every web link through its tracked address, in both parts, and numbers each link once", () => {
    const campaign = prepareCampaign({
      subject: "News",
      preheader: "",
      body: "See [the guide](https://a.example/guide), https://b.example/paper and [the guide again](https://a.example/guide).",
    });
    expect(campaign.links).toEqual(["https://a.example/guide", "https://b.example/paper"]);
    const { html, text } = campaign.personalise(personal);
    expect(html).toContain('href="https://track.example/0"');
    expect(html).toContain('href="https://track.example/1"');
    expect(html).not.toContain("a.example");
    expect(text).toContain("the guide (https://track.example/0)");
    expect(text).toContain("https://track.example/1 and");
    expect(html).toContain('src="https://track.example/open.gif"');
    expect(text).toContain("Unsubscribe: https://site.example/u/1");
  });

  it("drops raw HTML, script links and images from elsewhere than the web, and leaves no marker behind", () => {
    const campaign = prepareCampaign({
      subject: "News",
      preheader: "Hidden line",
      body: "<script>alert(1)</script><img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) ![pic](data:image/png;base64,AAAA) ![cover](https://cdn.example/c.png)",
    });
    expect(campaign.links).toEqual([]);
    const { html, text } = campaign.personalise({ ...personal, openPixel: undefined });
    expect(html).not.toMatch(/<script|onerror|javascript:|data:image/);
    expect(html).toContain('src="https://cdn.example/c.png"');
    expect(html).toContain("Hidden line");
    expect(html).not.toContain("open.gif");
    expect(`${html}${text}`).not.toMatch(/campaign-[0-9a-f]{16}/);
  });
});
