import type { TestimonialsContent } from "#contracts/site-content.ts";

/** The testimonials as shipped: the first revision of the content staff edit in the admin. */
export const testimonialsContent: TestimonialsContent = {
  eyebrow: "Testimonials",
  title: "What our clients say",
  items: [
    {
      name: "Sophie Lambert",
      role: "Head of Product",
      company: "Northwind Logistics",
      content:
        "HimalTech rebuilt our dispatch platform in four months. The team demoed working software every two weeks, flagged risks before they became problems and left us with code our own engineers enjoy working in.",
      avatar: "SL",
      rating: 5,
    },
    {
      name: "Rajesh Adhikari",
      role: "Founder & CEO",
      company: "KrishiSathi",
      content:
        "As a seed-stage agritech startup we could not afford a big agency. HimalTech's startup pricing got our crop-advice app and its forecasting model into farmers' hands in a single season, and they still answer within half an hour.",
      avatar: "RA",
      rating: 5,
    },
    {
      name: "Daniel Brooks",
      role: "CTO",
      company: "Ledgerly",
      content:
        "Their penetration test found two issues three previous audits had missed, and the report told our developers exactly how to fix them. We now run every release past HimalTech before it goes live.",
      avatar: "DB",
      rating: 5,
    },
  ],
};
