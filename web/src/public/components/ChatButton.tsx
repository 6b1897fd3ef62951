import { parseContactContent } from '@shared/rules/content';
import { useContent } from '../data/queries';
import { chatLink } from '../lib/whatsapp';
import { WhatsAppIcon } from './site-icons';

/** Fixed bottom right; opens WhatsApp with a prefilled greeting. */
export function ChatButton() {
  const { data } = useContent('contact_us');
  const contact = parseContactContent(data?.data);
  return (
    <a
      className="chat-button"
      href={chatLink(contact.whatsapp)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat dengan DiskonRadar di WhatsApp"
    >
      <WhatsAppIcon size={28} />
    </a>
  );
}
