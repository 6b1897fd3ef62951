/** Indonesian numbers in wa.me form: digits only, a leading 0 becomes the 62 country code. */
export function whatsappNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
}

export const CHAT_GREETING =
  'Halo DiskonRadar, saya ingin bertanya tentang promo yang ada di website.';

export function chatLink(rawNumber: string, text: string = CHAT_GREETING): string {
  const number = whatsappNumber(rawNumber);
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}

/** Share sheet without a recipient: the visitor picks the chat in WhatsApp. */
export function shareLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
