import type { ContactContent } from "#contracts/site-content.ts";

/**
 * How to find and reach the office, as shipped: the first revision of the "contact" content staff edit
 * (decision 070). The footer, the contact page and the structured data show the published revision;
 * mail the server writes (signatures, newsletters' footers, calendar invitations) keeps these.
 */
export const contactFacts: ContactContent = {
  address: { street: "Jhamsikhel Road 12", locality: "Lalitpur", region: "Bagmati", postalCode: "44700" },
  phone: "+977 1-5970123",
  email: "hello@himaltech.com.np",
  hours: ["Sunday to Friday 9:00 AM to 5:00 PM", "Saturday closed"],
  openingHours: { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" },
  map: { latitude: 27.6788, longitude: 85.3066 },
};
