import { useEffect, useRef, useState } from 'react';
import { parseContactContent } from '@shared/rules/content';
import { useContent } from '../data/queries';
import { chatLink } from '../lib/whatsapp';
import { WhatsAppIcon } from './site-icons';

const CONTROLS = 'a[href], button, input, select, textarea, [role="button"]';

/**
 * Whether another link or button lies under the floating button: at its centre or near one of
 * its corners. Measured on the dock, which never moves: the button slides out of it.
 */
function coversAControl(dock: HTMLElement): boolean {
  const box = dock.getBoundingClientRect();
  const inset = 6;
  const points: [number, number][] = [
    [box.left + box.width / 2, box.top + box.height / 2],
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset],
    [box.right - inset, box.bottom - inset],
  ];
  return points.some(([x, y]) =>
    document
      .elementsFromPoint(x, y)
      .some((element) => !dock.contains(element) && element.closest(CONTROLS) !== null),
  );
}

/**
 * Steps aside while it would cover a link or a button of the page (a product card's button
 * under it on a phone), checked once per frame while the page scrolls or resizes.
 */
function useStepAside() {
  const ref = useRef<HTMLElement>(null);
  const [steppedAside, setSteppedAside] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      if (ref.current) setSteppedAside(coversAControl(ref.current));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, []);
  return { ref, steppedAside };
}

/** Fixed bottom right; opens WhatsApp with a prefilled greeting. */
export function ChatButton() {
  const { data } = useContent('contact_us');
  const contact = parseContactContent(data?.data);
  const { ref, steppedAside } = useStepAside();
  return (
    <aside ref={ref} className="chat-dock" aria-label="Chat WhatsApp">
      <a
        className={`chat-button${steppedAside ? ' stepped-aside' : ''}`}
        href={chatLink(contact.whatsapp)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat dengan DiskonRadar di WhatsApp"
      >
        <WhatsAppIcon size={28} />
      </a>
    </aside>
  );
}
