/** Clients who agreed to be named, in the order they scroll past. */
export const clients: string[] = [
  "Northwind Logistics",
  "KrishiSathi",
  "Ledgerly",
  "Everest Micro Finance",
  "Yeti Travels",
  "Swasthya Health Network",
  "Gorkha Retail",
  "Alpine Analytics GmbH",
  "Bluepeak Studios",
  "Mero Pasal",
];
