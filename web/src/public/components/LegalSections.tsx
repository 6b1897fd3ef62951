import type { ReactNode } from 'react';
import {
  LEGAL_EMAIL,
  PRIVACY_EMAIL,
  PRIVACY_SECTIONS,
  LEGAL_UPDATED,
  TERMS_SECTIONS,
  type LegalSection,
} from '../content/legal';

export function LegalSections({
  sections,
  headingLevel = 2,
}: {
  sections: LegalSection[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className="legal-sections">
      {sections.map((section, index) => (
        <li key={section.title}>
          <Heading>
            {index + 1}. {section.title}
          </Heading>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.items ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

const DOCUMENTS: Record<
  'privacy' | 'terms',
  { sections: LegalSection[]; contactLabel: string; email: string }
> = {
  privacy: { sections: PRIVACY_SECTIONS, contactLabel: 'Kontak privasi', email: PRIVACY_EMAIL },
  terms: { sections: TERMS_SECTIONS, contactLabel: 'Kontak hukum', email: LEGAL_EMAIL },
};

/** The privacy policy or the terms: date, numbered sections and the contact line. */
export function LegalDocument({
  document,
  headingLevel = 2,
  contactClassName,
  contactExtra,
}: {
  document: 'privacy' | 'terms';
  headingLevel?: 2 | 3;
  contactClassName?: string;
  /** Shown after the address, behind a middle dot (the footer's link to the full page). */
  contactExtra?: ReactNode;
}) {
  const doc = DOCUMENTS[document];
  return (
    <>
      <p className="muted">{`Terakhir diperbarui: ${LEGAL_UPDATED}`}</p>
      <LegalSections sections={doc.sections} headingLevel={headingLevel} />
      <p className={contactClassName}>
        {`${doc.contactLabel}: `}
        <a href={`mailto:${doc.email}`}>{doc.email}</a>
        {contactExtra ? <> · {contactExtra}</> : null}
      </p>
    </>
  );
}
