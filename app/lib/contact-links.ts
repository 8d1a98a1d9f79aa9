/** The links a phone number and a place make: to call, to chat on WhatsApp, to see the place on a map. */

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export const whatsappHref = (phone: string) => `https://wa.me/${phone.replace(/\D/g, "")}`;

/** OpenStreetMap, marked at the place: no script or cookie of another site on ours. */
export const mapHref = ({ latitude, longitude }: { latitude: number; longitude: number }) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
